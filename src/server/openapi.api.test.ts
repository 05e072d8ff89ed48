/** The OpenAPI description lists every call, with the input schemas the routes parse and their policy. */
import { expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { API_PAGE_PATH, OPENAPI_PATH } from './openapi.ts';
import { asRoles, signedInUser } from './testing/factories.ts';
import { syncLabels } from './seed/labels.ts';

describeEachEngine('OpenAPI description', (server) => {
  it('describes every registered route from its Zod schemas', async () => {
    const r = await server().client().get(OPENAPI_PATH);
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const paths = r.body.paths as Record<string, Record<string, any>>;
    const missing = server()
      .routes.filter((route) => (route.action || route.public) && route.url !== OPENAPI_PATH)
      .filter((route) => !paths[route.url.replace(/:(\w+)\??/g, '{$1}')]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);

    const save = paths['/app_classes/save']!.post;
    expect(save['x-policy']).toBe('class.create');
    expect(Object.keys(save.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['_id', 'name', 'course', 'startdate']),
    );
    expect(paths['/users/login']!.post['x-policy']).toBe('public');
    const page = paths['/app_content/getpage/{context}/{subid}']!.get;
    expect(page.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([
      ['context', 'path', true],
      ['subid', 'path', false],
      ['lang', 'query', false],
    ]);
  });

  it('shows admins a readable page of the calls in their language; others are refused', async () => {
    const { ctx } = server();
    await syncLabels(ctx);
    expect((await server().client().get(API_PAGE_PATH)).status).toBe(401);
    const { client: learner } = await signedInUser(server());
    expect((await learner.get(API_PAGE_PATH)).status).toBe(403);
    const { client: admin } = await signedInUser(server(), { roles: asRoles('admin'), lang: 'de' });
    const r = await admin.get(API_PAGE_PATH);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(String(r.body)).toContain('<h1>API-Aufrufe</h1>');
    expect(String(r.body)).toContain('<code>/app_classes/save</code>');
    expect(String(r.body)).toContain('<html lang="de" dir="ltr">');
  });
});
