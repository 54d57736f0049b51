import ExcelJS from 'exceljs';
import type { GraphQLClient } from './graphql-client.js';

/** `GET /api/exports/query` as `client`, the body whole (the query export tests share it). */
export async function downloadQuery(url: string, client: GraphQLClient, params: Record<string, string>) {
  const res = await fetch(`${url}/api/exports/query?${new URLSearchParams(params).toString()}`, { headers: { cookie: client.sessionCookie } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The "Result" sheet of an exported workbook and its header row: the row whose first cell is `firstHeader` (0 when none is). */
export async function resultSheet(body: Buffer, firstHeader: string): Promise<{ sheet: ExcelJS.Worksheet; headerRow: number }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Result')!;
  let headerRow = 0;
  sheet.eachRow((row, n) => {
    if (row.getCell(1).value === firstHeader) headerRow = n;
  });
  return { sheet, headerRow };
}
