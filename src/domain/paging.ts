/**
 * The one shape of a paged staff table: the query a table sends and the page the server answers.
 * Tables page, sort and filter on the server, so a table of 100,000 users costs what a page of 15 does.
 */
import { z } from 'zod';
import './zod-config.ts';

export const PAGE_SIZES = [15, 25, 50, 100] as const;

export const PageQuerySchema = z.object({
  /** Rows per page; the spec's participant table uses 15. */
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Keyset cursor from the previous page's `next` (preferred: flat cost at any depth). */
  after: z.string().max(500).optional(),
  /** Page number from 0, for tables that jump to a page; ignored when `after` is given. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** A column name the table allows; anything else is refused by the table's own schema. */
  sort: z.string().max(40).optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** Free-text filter (name, e-mail...). */
  q: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Page<T> {
  rows: T[];
  /** Rows matching the filter (all pages). */
  total: number;
  /** Cursor for the next page, or null on the last one. */
  next: string | null;
}
