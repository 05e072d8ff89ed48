/**
 * One way to write a route: each names the policy action that decides who may call it
 * (`config: { action }`, a row of the role x action matrix), or says it is open to everyone with no rule
 * (`config: { public: true }`: sign-in, sign-out, health). A route with neither fails here.
 */
import { expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { RULES } from './policy/policy.ts';

import fs from 'node:fs';
import path from 'node:path';

/** Routes added by the static-file plugin for the built web app (present once it has been built). */
const FROM_PLUGINS = /^\/\*$|^\/$/;

describeEachEngine('route rules', (server) => {
  it('every route names a policy action or is declared public', () => {
    const { routes, config } = server();
    expect(routes.length).toBeGreaterThan(50);
    const isWebFile = (url: string) => fs.existsSync(path.join(config.webDist, decodeURIComponent(url)));
    const problems = routes
      .filter((r) => !FROM_PLUGINS.test(r.url) && !isWebFile(r.url))
      .flatMap((r) => {
        if (r.action && r.public) return [`${r.method} ${r.url}: both an action and public`];
        if (r.public) return [];
        if (!r.action) return [`${r.method} ${r.url}: neither an action nor public`];
        if (!(r.action in RULES)) return [`${r.method} ${r.url}: unknown action ${r.action}`];
        return [];
      });
    expect(problems).toEqual([]);
  });

  it('every policy rule is named by some route or decided inside one', async () => {
    const { routes } = server();
    const named = new Set(routes.map((r) => r.action));
    const sources = fs
      .readdirSync('src/server', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('policy'))
      .map((f) => fs.readFileSync(path.join('src/server', f), 'utf8'))
      .join('\n');
    const unused = Object.keys(RULES).filter((a) => !named.has(a as never) && !sources.includes(`'${a}'`));
    expect(unused).toEqual([]);
  });
});
