/**
 * Route files hold no queries: a route parses, asks who is calling, loads through repositories,
 * authorises, acts through repositories and presents. Queries live in `<area>.repository.ts` (or the
 * area's other data files), so a rule about the data is found in one place and a transaction is passed
 * to repository functions as `trx`. This test reads every `*.routes.ts` and fails on a query builder call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = 'src/server/modules';

/** Kysely's query starts and raw SQL; `db.transaction()` stays allowed (its body calls repositories). */
const QUERY =
  /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(|\bsql(\.\w+)?(<[^>]*>)?\s*`|\bsql\.(raw|ref|table|id|lit|val|join)\s*\(/;
/** A value import from kysely (its `sql` tag); `import type` is fine. */
const KYSELY_VALUE_IMPORT = /^import\s+(?!type\b)[^;]*from\s+['"]kysely['"]/m;

function routeFiles(): string[] {
  return fs
    .readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.routes.ts'))
    .map((f) => path.join(MODULES, f))
    .sort();
}

/** `file:line: text` for each line of the source that runs a query. */
function queriesIn(file: string, source: string): string[] {
  const found = source.split('\n').flatMap((line, i) => (QUERY.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
  if (KYSELY_VALUE_IMPORT.test(source)) found.push(`${file}: imports a value from kysely`);
  return found;
}

describe('route files', () => {
  it('finds the route files', () => {
    expect(routeFiles().length).toBeGreaterThan(15);
  });

  it('contain no queries (they belong in the area repository)', () => {
    const found = routeFiles().flatMap((f) => queriesIn(f, fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('would notice each kind of query', () => {
    const samples = [
      "const row = await db.selectFrom('classes').selectAll().executeTakeFirst();",
      "  await trx.updateTable('users').set({ x: 1 }).execute();",
      "await db.insertInto('files').values(v).execute();",
      "await ctx.db.deleteFrom('sessions').execute();",
      'await sql`select 1`.execute(db);',
      'const t = sql<string>`now()`;',
      "eb(sql.ref('timestamp'), '<', at)",
    ];
    for (const line of samples) expect(queriesIn('x.routes.ts', line), line).toHaveLength(1);
    expect(queriesIn('x.routes.ts', "import { sql } from 'kysely';")).toHaveLength(1);
    expect(
      queriesIn('x.routes.ts', "import type { Transaction } from 'kysely';\nawait db.transaction().execute(async (trx) => save(trx));"),
    ).toEqual([]);
  });
});
