/**
 * Creates the first admin of a real installation (or makes an existing account admin):
 *   npm run create-admin -- --email you@example.org --firstname Ana --lastname Silva
 * The password is read from ADMIN_PASSWORD, or a strong one is generated and printed once.
 */
import { parseArgs } from 'node:util';
import crypto from 'node:crypto';
import { loadConfig } from '../src/server/config.ts';
import { openStore, migrate } from '../src/server/db/database.ts';
import { hashPassword } from '../src/server/adapters/passwords.ts';
import { findUserByEmail, insertUser, setRoles } from '../src/server/modules/users/users.repository.ts';
import { fromJson, json } from '../src/server/db/dialect.ts';
import { isEmail, isStrongPassword } from '../src/domain/validation.ts';
import { MSG } from '../src/domain/messages.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, firstname: { type: 'string', default: 'Site' }, lastname: { type: 'string', default: 'Admin' } },
});
const email = (values.email ?? '').trim().toLowerCase();
if (!isEmail(email)) {
  console.error('Usage: npm run create-admin -- --email you@example.org [--firstname Ana] [--lastname Silva]');
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD ?? `${crypto.randomBytes(12).toString('base64url')}-1!`;
if (!isStrongPassword(password)) {
  console.error(`ADMIN_PASSWORD: ${MSG.passwordRule}`);
  process.exit(2);
}

const config = loadConfig();
const store = openStore(config.databaseUrl);
await migrate(store);
const existing = await findUserByEmail(store.db, email);
if (existing) {
  await setRoles(store.db, existing.id, [...fromJson<string[]>(existing.roles, []), 'admin']);
  console.log(`${email} is now an admin (password unchanged).`);
} else {
  await insertUser(store.db, {
    email,
    passwordHash: await hashPassword(password),
    firstname: values.firstname!,
    lastname: values.lastname!,
    roles: json(['admin']),
  });
  console.log(
    `Admin ${email} created.${process.env.ADMIN_PASSWORD ? '' : ` Password: ${password}  (shown once; change it after signing in)`}`,
  );
}
await store.close();
