/**
 * users.csv: every account with its profile fields, roles, created and last seen. Read from the database
 * in keyset pages (by id) as the client takes the bytes, so 100,000 accounts export with one page in
 * memory and no long-held query or connection.
 */
import type { Db } from '../../db/database.ts';
import { fromJson } from '../../db/dialect.ts';
import { countryName } from '../../../domain/countries.ts';
import type { Column } from './reports.repository.ts';
import type { ReportCell as Cell } from '../../../domain/reports.ts';

/**
 * Rows per query and per response chunk. A page's CSV text stays under V8's large-object size (about
 * 128 KB), so it dies young: with pages of 1000 the server's memory grew with the export (measured with
 * scripts/bench/users-csv.ts), with 250 it stays flat.
 */
export const PAGE_SIZE = 250;

const FIELDS = [
  ['_id', 'id'],
  ['email', 'email'],
  ['firstname', 'firstname'],
  ['lastname', 'lastname'],
  ['roles', 'roles'],
  ['lang', 'lang'],
  ['phone', 'phone'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['city', 'city'],
  ['state', 'state'],
  ['country', 'country'],
  ['postal', 'postal'],
  ['birthDate', 'birthDate'],
  ['heard', 'heard'],
  ['vocation', 'vocation'],
  ['bio', 'bio'],
  ['cookieoptin', 'cookieoptin'],
  ['created', 'created'],
  ['lastseen', 'lastseen'],
  ['lasttime', 'lasttime'],
] as const;

/** The spec's field names as the header (`?header=keys`), so the file reads the same as the API. */
export const USER_COLUMNS: Column[] = FIELDS.map(([key]) => ({ key, label: key }));

/** The header a person reads: each field's label in the admin's language. */
export function translatedUserColumns(labels: (english: string) => string): Column[] {
  const names: Record<(typeof FIELDS)[number][0], string> = {
    _id: labels('User ID'),
    email: labels('Email'),
    firstname: labels('First Name'),
    lastname: labels('Last Name'),
    roles: labels('Roles'),
    lang: labels('Language'),
    phone: labels('Phone'),
    address1: labels('Address'),
    address2: labels('Address (line 2)'),
    city: labels('City'),
    state: labels('State or Province'),
    country: labels('Country'),
    postal: labels('Postal Code'),
    birthDate: labels('Birth Date'),
    heard: labels('How did you hear about us?'),
    vocation: labels('Vocation'),
    bio: labels('About Me'),
    cookieoptin: labels('Cookie preference'),
    created: labels('Created'),
    lastseen: labels('Last seen'),
    lasttime: labels('Last activity'),
  };
  return FIELDS.map(([key]) => ({ key, label: names[key] }));
}

/** The users, a page (PAGE_SIZE rows) at a time, by id: each page one indexed range query. */
export async function* userPages(db: Db, pageSize = PAGE_SIZE): AsyncGenerator<Record<string, Cell>[]> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('users')
      .select(FIELDS.map(([, column]) => column))
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    yield page.map((u) => {
      const row: Record<string, Cell> = {};
      for (const [key, column] of FIELDS) row[key] = (u as Record<string, string | null>)[column] ?? '';
      // Roles are stored as JSON; the file lists them separated by spaces ("admin cms").
      row.roles = fromJson<string[]>(u.roles, []).join(' ');
      // Countries are stored as ISO codes: the file names them (in English, like its other texts).
      row.country = countryName(u.country, 'en');
      return row;
    });
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}
