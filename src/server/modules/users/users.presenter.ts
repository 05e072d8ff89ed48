/** Picks exactly what of a user leaves the server: never the password hash. */
import type { User, Role } from '../../../domain/types.ts';
import { fromJson } from '../../db/dialect.ts';
import type { UserRow } from './users.repository.ts';

export function presentUser(row: UserRow, links: { classes: string[]; instructor: string[] }): User {
  const roles = fromJson<Role[]>(row.roles, []);
  const isAdmin = roles.includes('admin');
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    roles,
    isEditor: isAdmin || roles.includes('cms'),
    isAdmin,
    isAdmins: isAdmin,
    lang: row.lang,
    classes: links.classes,
    certifications: fromJson<Record<string, unknown>>(row.certifications, {}),
    instructor: Object.fromEntries(links.instructor.map((id) => [id, true])),
    cookieoptin: { setting: row.cookieoptin as User['cookieoptin']['setting'] },
    address1: row.address1 ?? '',
    address2: row.address2 ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    country: row.country ?? '',
    postal: row.postal ?? '',
    phone: row.phone ?? '',
    birthDate: row.birthDate ?? '',
    bio: row.bio ?? '',
    heard: row.heard ?? '',
    vocation: row.vocation ?? '',
    timestamp: row.timestamp ?? undefined,
    lasttime: row.lasttime ?? undefined,
    created: row.created,
    lastseen: row.lastseen ?? undefined,
    suspended: row.suspended === 1,
    noticesoff: fromJson<string[]>(row.noticesoff, []),
  };
}
