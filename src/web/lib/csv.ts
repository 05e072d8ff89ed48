/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends and a UTF-8 byte order mark, so Excel opens
 * accented and Arabic names right. Cells starting with = + - @ are prefixed with ' so a spreadsheet does
 * not run a learner's name as a formula.
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA.test(s) && !/^-?\d+(\.\d+)?%?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(headers: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
