// Users imported from Excel through the user screen: the dialog reports created rows and the
// refusals by row, and the new account appears in the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { launch, newPage, signIn, startE2EServer } from './browser.ts';

test('an administrator imports users from xlsx and sees what was created and refused', async () => {
  const s = await startE2EServer();
  const b = await launch();
  try {
    const { page } = await newPage(b);
    await signIn(page, s.url, s);
    await page.goto(`${s.url}/#/system/user`);
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('用户');
    ws.addRow(['账号', '姓名', '部门']);
    ws.addRow(['newone', '新同学', '教务处']);
    ws.addRow(['bad!', '坏账号', '']);
    const file = join(mkdtempSync(join(tmpdir(), 'xlsx-')), 'users.xlsx');
    await book.xlsx.writeFile(file);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('button', { name: /^导\s*入$/ }).last().click();
    await page.getByText('新增 1 个，更新 0 个，跳过 0 个').waitFor();
    assert.ok(await page.getByText('第 3 行：account格式不正确').isVisible());
    await page.getByRole('button', { name: /完\s*成/ }).click();
    await page.getByRole('cell', { name: 'newone' }).waitFor();
  } finally {
    await b.close();
    await s.close();
  }
});
