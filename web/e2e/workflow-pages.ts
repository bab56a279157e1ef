// What the workflow browser suites do on the pages again and again: go to a route, wait for a
// toast, pick people in 人员选择, confirm 温馨提示 and land, open a list row's detail page.
import type { Locator, Page } from 'playwright-core';

/** Goes to a route of the app at `base`; a page already there reloads (a same-hash navigation would keep the old rows). */
export async function visit(page: Page, base: string, route: string): Promise<void> {
  const url = `${base}/#${route}`;
  if (page.url() === url) await page.reload();
  else await page.goto(url);
}

export const toast = (page: Page, text: string): Promise<void> => page.locator('.ant-message').getByText(text, { exact: false }).last().waitFor();

/** A BPMN element of the diagram on the page. */
export const diagramElement = (page: Page, id: string): Locator => page.locator(`.djs-element[data-element-id="${id}"]`);

/** 人员选择 opened from `opener`: picks the rows of these accounts and confirms (`beforeConfirm` e.g. takes a screenshot). */
export async function pick(page: Page, opener: string, accounts: string[], beforeConfirm?: () => Promise<void>): Promise<void> {
  await page.locator(opener).click();
  const picker = page.locator('.people-picker');
  await picker.locator('.ant-modal-title').waitFor();
  for (const a of accounts) await picker.locator('.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${a}$`) }) }).click();
  await beforeConfirm?.();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'hidden' });
}

/** 温馨提示 with this text; OK; the page it lands on. */
export async function success(page: Page, text: string, landing: RegExp): Promise<void> {
  const dlg = page.locator('.wf-success-dialog');
  await dlg.locator('.ant-modal-confirm-title').getByText('温馨提示').waitFor();
  await dlg.getByText(text).waitFor();
  await dlg.locator('.ant-btn-primary').click();
  // a click that lands while the dialog is still opening can be lost on a loaded machine: once more
  if (!(await dlg.waitFor({ state: 'hidden', timeout: 5000 }).then(() => true, () => false))) await dlg.locator('.ant-btn-primary').click();
  await page.waitForURL(landing).catch((e: Error) => { throw new Error(`${e.message} (the page is at ${page.url()})`); });
}

/** The first row of a process list (todo, send, copy, my-done, …) that holds `text`, after opening the list. */
export async function listRow(page: Page, base: string, list: string, text: string | RegExp): Promise<Locator> {
  await visit(page, base, `/workflow/process/${list}`);
  const row = page.locator(`[data-testid=wf-list-${list === 'my-done' ? 'mydone' : list}] .ant-table-row`).filter({ hasText: text }).first();
  await row.waitFor();
  return row;
}

/** Opens the detail page of the first row of a list that holds `text`; answers the detail. */
export async function openFrom(page: Page, base: string, list: string, text: string | RegExp): Promise<Locator> {
  const row = await listRow(page, base, list, text);
  await row.getByRole('button', { name: /详情|Details/ }).click();
  await page.waitForURL(/#\/workflow\/process\/detail\//);
  const detail = page.locator('[data-testid=wf-detail]');
  await detail.locator('.wf-detail-title').waitFor();
  return detail;
}
