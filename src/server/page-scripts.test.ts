/** Page scripts that admins set are named in the Content-Security-Policy, and nothing else is. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scriptSources } from './page-scripts.ts';
import { describeEachEngine } from './testing/harness.ts';
import { signedInUser, asRoles } from './testing/factories.ts';

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

describe('scriptSources', () => {
  it('hashes inline scripts and takes the origin of external https ones', () => {
    const inline = 'window.dataLayer = window.dataLayer || [];';
    expect(scriptSources(`<script async src="https://stats.example.org/t.js?id=1"></script>\n<script>${inline}</script>`)).toEqual([
      'https://stats.example.org',
      sha(inline),
    ]);
  });
  it('ignores plain-http, relative and empty scripts and other markup', () => {
    expect(
      scriptSources('<script src="http://x.example.org/a.js"></script><script src="/a.js"></script><script> </script><p>hi</p>'),
    ).toEqual([]);
  });
});

describeEachEngine('page scripts in the CSP', (server) => {
  it('an admin-set head script is allowed by the policy after the save', async () => {
    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    const inline = 'window.__pageScriptRan = true;';
    const before = await server().client().get('/healthz');
    expect(before.headers.get('content-security-policy')).not.toContain(sha(inline));
    const saved = await admin.client.post('/app_content/save', {
      _id: 'new',
      type: 'page',
      context: 'csp-test',
      lang: 'en',
      title: 'CSP test',
      scripthead: `<script>${inline}</script><script src="https://stats.example.org/t.js"></script>`,
    });
    expect(saved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50)); // the policy refreshes on the bus message
    const csp = (await server().client().get('/healthz')).headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha(inline));
    expect(scriptSrc).toContain('https://stats.example.org');
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
