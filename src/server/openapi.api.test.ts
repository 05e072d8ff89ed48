/** The OpenAPI description lists every call, with the input schemas the routes parse and their policy. */
import { expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { OPENAPI_PATH } from './openapi.ts';

describeEachEngine('OpenAPI description', (server) => {
  it('describes every registered route from its Zod schemas', async () => {
    const r = await server().client().get(OPENAPI_PATH);
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const paths = r.body.paths as Record<string, Record<string, any>>;
    const missing = server().routes
      .filter((route) => route.url !== OPENAPI_PATH && !/^\/\*?$/.test(route.url))
      .filter((route) => !paths[route.url.replace(/:(\w+)\??/g, '{$1}')]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);

    const save = paths['/app_classes/save']!.post;
    expect(save['x-policy']).toBe('class.create');
    expect(Object.keys(save.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['_id', 'name', 'course', 'startdate']));
    expect(paths['/users/login']!.post['x-policy']).toBe('public');
    const page = paths['/app_content/getpage/{context}/{subid}']!.get;
    expect(page.parameters.map((p: any) => [p.name, p.in, p.required])).toEqual([['context', 'path', true], ['subid', 'path', false], ['lang', 'query', false]]);
  });
});
