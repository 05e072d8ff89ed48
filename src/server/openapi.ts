/**
 * The OpenAPI description of every call, made from the routes as registered: their path and method,
 * the policy action that decides who may call them (or that they are public) and the Zod schemas they
 * parse their input with (`config.schema`). Nothing of it is written by hand, so it cannot drift.
 */
import { z, type ZodType } from 'zod';
import type { Action } from './policy/policy.ts';

export interface RouteSchemas {
  body?: ZodType;
  params?: ZodType;
  querystring?: ZodType;
}
export interface DescribedRoute {
  method: string;
  url: string;
  action?: Action;
  public?: boolean;
  schema?: RouteSchemas;
}

export const OPENAPI_PATH = '/api/openapi.json';

const jsonSchema = (schema: ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

/** `{ name: schema }` of an object schema, for path and query parameters. */
function fields(schema: ZodType | undefined): [string, Record<string, unknown>, boolean][] {
  if (!schema) return [];
  const json = jsonSchema(schema);
  const props = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => [name, s, required.has(name)]);
}

const ERROR = {
  description: 'Refused: `{ error: { message, fields? } }` with the translated message',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { error: { type: 'object', properties: { message: { type: 'string' } } } } },
    },
  },
};

export function openApiDocument(routes: DescribedRoute[], title: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    // The built web app's files (static plugin) have no policy and are not calls.
    if (r.url === OPENAPI_PATH || (!r.action && !r.public)) continue;
    const optional = new Set([...r.url.matchAll(/:(\w+)\?/g)].map((m) => m[1]!));
    const path = r.url.replace(/:(\w+)\??/g, '{$1}');
    const inPath = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const params = fields(r.schema?.params);
    const parameters = [
      ...inPath.map((name) => ({
        name,
        in: 'path',
        required: !optional.has(name),
        schema: params.find(([n]) => n === name)?.[1] ?? { type: 'string' },
      })),
      ...fields(r.schema?.querystring).map(([name, schema, required]) => ({ name, in: 'query', required, schema })),
    ];
    const operation: Record<string, unknown> = {
      operationId: `${r.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [path.split('/')[1] ?? ''],
      'x-policy': r.public ? 'public' : r.action,
      ...(parameters.length ? { parameters } : {}),
      ...(r.schema?.body ? { requestBody: { content: { 'application/json': { schema: jsonSchema(r.schema.body) } } } } : {}),
      responses: { 200: { description: 'OK' }, '4XX': ERROR, 503: ERROR },
    };
    (paths[path] ??= {})[r.method.toLowerCase()] = operation;
  }
  return { openapi: '3.1.0', info: { title, version: '1' }, paths };
}

export const API_PAGE_PATH = '/api/calls';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain page for admins: every call with its policy and input fields, read from the same document. */
export function apiPage(doc: Record<string, unknown>, lang: string, dir: 'ltr' | 'rtl', label: (english: string) => string): string {
  const rows: string[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is JSON built from Zod's output; its operations are read generically
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Record<string, any>>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const inputs = [...(op.parameters ?? []).map((p: { name: string }) => p.name), ...Object.keys(body)].join(', ');
      const policy = op['x-policy'] === 'public' ? label('Everyone') : String(op['x-policy']);
      rows.push(
        `<tr><td>${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(policy)}</td><td>${escapeHtml(inputs)}</td></tr>`,
      );
    }
  }
  const title = escapeHtml(label('API calls'));
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1><p>${escapeHtml(label('The full description, for tools:'))} <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></p>` +
    `<table><thead><tr><th scope="col">${escapeHtml(label('Method'))}</th><th scope="col">${escapeHtml(label('Path'))}</th>` +
    `<th scope="col">${escapeHtml(label('Who may call it'))}</th><th scope="col">${escapeHtml(label('Input fields'))}</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table></main></body></html>`
  );
}
