/**
 * CSV out of the server, through csv-stringify: a byte-order mark (so spreadsheet programs read Arabic and
 * accented names as UTF-8) and formula escaping (a cell starting with = + - @, a tab or a carriage return
 * is prefixed with ' so a spreadsheet shows it as text instead of running it).
 *
 * Rows come in pages (a database page of the users export, or a whole small report) and each page
 * becomes one chunk of the response: the stream pulls the next page only when the client has taken the
 * last one, and one chunk per page (not per row) keeps the garbage and the HTTP framing small.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Column } from './reports.repository.ts';
import type { ReportCell as Cell } from '../../../domain/reports.ts';

type Row = Record<string, Cell>;
export type Pages = Iterable<Row[]> | AsyncIterable<Row[]>;

/** The CSV text of `pages`, as a stream read as the client takes the bytes. */
export function csvStream(columns: readonly Column[], pages: Pages): Readable {
  const options = (first: boolean) => ({
    header: first,
    bom: first,
    escape_formulas: true,
    columns: columns.map((c) => ({ key: c.key, header: c.label })),
  });
  async function* chunks() {
    let first = true;
    for await (const page of pages) {
      if (page.length === 0 && !first) continue;
      yield stringify(page, options(first));
      first = false;
    }
    if (first) yield stringify([], options(true)); // no rows at all: the header alone
  }
  // A failure half-way (a query error) ends the response early; Fastify logs it and closes the connection.
  return Readable.from(chunks(), { objectMode: false });
}

/** Sends a CSV download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, columns: readonly Column[], pages: Pages) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(columns, pages));
}
