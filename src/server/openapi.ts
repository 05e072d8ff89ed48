/**
 * The OpenAPI description of every call, made from the routes as registered: their path and method,
 * the policy action that decides who may call them (or that they are public) and the Zod schemas they
 * parse their input with (`config.schema`). Nothing of it is written by hand, so it cannot drift.
 */
import { z, type ZodType } from 'zod';
import type { Action } from './policy/policy.ts';

export interface RouteSchemas { body?: ZodType; params?: ZodType; querystring?: ZodType }
export interface DescribedRoute { method: string; url: string; action?: Action; public?: boolean; schema?: RouteSchemas }

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
  content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object', properties: { message: { type: 'string' } } } } } } },
};

export function openApiDocument(routes: DescribedRoute[], title: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    if (r.url === OPENAPI_PATH || r.url === '*' || r.url === '/*') continue;
    const optional = new Set([...r.url.matchAll(/:(\w+)\?/g)].map((m) => m[1]!));
    const path = r.url.replace(/:(\w+)\??/g, '{$1}');
    const inPath = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const params = fields(r.schema?.params);
    const parameters = [
      ...inPath.map((name) => ({
        name, in: 'path', required: !optional.has(name), schema: params.find(([n]) => n === name)?.[1] ?? { type: 'string' },
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
