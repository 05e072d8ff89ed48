/**
 * Reads the rows of an import file as text cells keyed by column name: CSV through csv-parse's
 * stream parser, XLSX through exceljs's streaming workbook reader (first sheet). Neither builds the
 * whole table as a document first; rows arrive one at a time and are checked as they come.
 */
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '../../../domain/staff.ts';
import { MSG } from '../../../domain/messages.ts';
import { badRequest, HttpError } from '../../errors.ts';

export type RawRow = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

/** Header spellings people use, mapped to our column names. */
const ALIASES: Record<string, (typeof IMPORT_COLUMNS)[number]> = {
  email: 'email',
  'e-mail': 'email',
  mail: 'email',
  emailaddress: 'email',
  firstname: 'firstname',
  first: 'firstname',
  givenname: 'firstname',
  lastname: 'lastname',
  last: 'lastname',
  surname: 'lastname',
  familyname: 'lastname',
  lang: 'lang',
  language: 'lang',
  roles: 'roles',
  role: 'roles',
  classid: 'classid',
  class: 'classid',
  regcode: 'regcode',
  registrationcode: 'regcode',
  code: 'regcode',
  phone: 'phone',
  city: 'city',
  country: 'country',
};
const columnOf = (header: unknown) =>
  ALIASES[
    String(header ?? '')
      .toLowerCase()
      .replace(/[\s_]/g, '')
  ];

function mapHeader(cells: unknown[]): ((typeof IMPORT_COLUMNS)[number] | undefined)[] {
  const cols = cells.map(columnOf);
  if (!cols.includes('email') || !cols.includes('firstname') || !cols.includes('lastname')) throw badRequest(MSG.importNoEmailColumn);
  return cols;
}

function toRow(cols: ((typeof IMPORT_COLUMNS)[number] | undefined)[], cells: unknown[]): RawRow {
  const row: RawRow = {};
  cols.forEach((c, i) => {
    if (!c) return;
    const v = cells[i];
    row[c] = v === null || v === undefined ? '' : cellText(v);
  });
  return row;
}

/** A spreadsheet cell as text: rich text, hyperlinks (an e-mail typed in Excel) and formulas' results. */
function cellText(v: unknown): string {
  if (typeof v !== 'object' || v === null) return String(v);
  const o = v as { text?: unknown; richText?: { text: string }[]; result?: unknown; hyperlink?: string };
  if (o.richText) return o.richText.map((r) => r.text).join('');
  if (o.text !== undefined) return cellText(o.text);
  if (o.result !== undefined) return cellText(o.result);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return '';
}

/** Every row with its number in the file (the header is row 1); blank rows are skipped. */
export async function* readImportRows(filename: string, data: Buffer): AsyncGenerator<{ row: number; cells: RawRow }> {
  let count = 0;
  const guard = () => {
    if (++count > IMPORT_MAX_ROWS) throw badRequest(MSG.importTooLarge);
  };
  if (/\.xlsx$/i.test(filename)) {
    let reader: AsyncIterable<AsyncIterable<ExcelJS.Row>>;
    try {
      reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
        worksheets: 'emit',
        sharedStrings: 'cache',
        hyperlinks: 'ignore',
        styles: 'ignore',
        entries: 'ignore',
      }) as unknown as AsyncIterable<AsyncIterable<ExcelJS.Row>>;
      for await (const sheet of reader) {
        let cols: ReturnType<typeof mapHeader> | null = null;
        for await (const r of sheet) {
          // row.values is 1-based (index 0 is empty).
          const cells = (r.values as unknown[]).slice(1);
          if (!cols) {
            cols = mapHeader(cells);
            continue;
          }
          if (cells.every((c) => c === null || c === undefined || String(cellText(c)).trim() === '')) continue;
          guard();
          yield { row: r.number, cells: toRow(cols, cells) };
        }
        break;
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw badRequest(MSG.importUnreadable);
    }
    return;
  }
  const parser = Readable.from(data).pipe(
    parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  let cols: ReturnType<typeof mapHeader> | null = null;
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!cols) {
        cols = mapHeader(rec.record);
        continue;
      }
      if (rec.record.every((c) => c.trim() === '')) continue;
      guard();
      yield { row: rec.info.lines, cells: toRow(cols, rec.record) };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(MSG.importUnreadable);
  }
  if (!cols) throw badRequest(MSG.importEmpty);
}
