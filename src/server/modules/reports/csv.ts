/**
 * CSV out of the server: csv-stringify with a byte-order mark (so spreadsheet programs read Arabic and
 * accented names as UTF-8) and formula escaping: a cell starting with = + - @ (or a tab or carriage
 * return) is prefixed with ' so a spreadsheet shows it as text instead of running it.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cell, Column } from './reports.repository.ts';

/** A CSV stream of `rows` (any iterable, sync or async, read as the client takes the bytes). */
export function csvStream(columns: Column[], rows: Iterable<Record<string, Cell>> | AsyncIterable<Record<string, Cell>>, onError: (err: Error) => void): Stringifier {
  const csv = stringify({
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.label })),
    bom: true,
    escape_formulas: true,
  });
  // pipeline forwards backpressure, and on a failure (a query error, the client going away) it stops the source.
  pipeline(Readable.from(rows), csv, (err) => { if (err) onError(err); });
  return csv;
}

/** Sends a CSV download named `filename`. */
export function sendCsv(req: FastifyRequest, reply: FastifyReply, filename: string, columns: Column[], rows: Parameters<typeof csvStream>[1]) {
  const stream = csvStream(columns, rows, (err) => req.log.error({ err }, 'CSV export failed'));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
