import ExcelJS from 'exceljs';
const r = new ExcelJS.stream.xlsx.WorkbookReader(process.argv[2], { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
for await (const ws of r) { let n = 0; for await (const row of ws as any) { if (n < 2 || n === 100) console.log(JSON.stringify((row as any).values)); n++; } console.log('rows', n); }
const wb = new ExcelJS.Workbook(); await wb.xlsx.readFile(process.argv[2]); for (const ws of wb.worksheets) console.log(ws.name, ws.rowCount, ws.columns.map((c) => c.width).join(','), JSON.stringify(ws.getRow(3).values));
