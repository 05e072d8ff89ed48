/**
 * Where each client state module of spec section 9 lives in this web app: TanStack Query caches keyed
 * by a prefix (the module's name and its aliases), the session (whoami), the i18n resources, and the
 * status-message store. Read live by the data explorer.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import type { WhoAmI } from '../../../domain/types.ts';
import { STATE_EXPLORER_MODULES } from '../../../domain/constants.ts';
import { WHOAMI_KEY } from '../../lib/session.ts';
import type { StatusMessage } from '../../lib/status.ts';

export type StoreModule = (typeof STATE_EXPLORER_MODULES)[number];

/** Query-key prefixes (first element of the key) that hold each module's server state. */
export const QUERY_PREFIXES: Record<StoreModule, string[]> = {
  users: ['users', 'user', 'instructors'],
  content: ['content', 'contentList', 'page', 'pages', 'embed'],
  localize: ['localize'],
  courses: ['courses', 'course'],
  lessons: ['lessons', 'lesson', 'materials', 'material', 'exam'],
  classes: ['classes', 'class'],
  enrollment: ['enrollment', 'enrollments', 'classEnrollment', 'progress', 'certificate'],
  comments: ['comments', 'comment', 'replies', 'discussion'],
  files: ['files', 'file'],
  siteconfig: ['siteconfig'],
  surveys: ['surveys', 'survey', 'responses'],
  navitems: ['navitems'],
  statusMessages: [],
};

/** Where else a module's state is kept, besides the query cache. */
export const MODULE_SOURCES: Record<StoreModule, string> = {
  users: 'session.user + query cache',
  content: 'query cache',
  localize: 'i18next resources + session.lang',
  courses: 'query cache',
  lessons: 'query cache',
  classes: 'query cache',
  enrollment: 'query cache',
  comments: 'query cache',
  files: 'query cache',
  siteconfig: 'session.config + query cache',
  surveys: 'query cache',
  navitems: 'session.navitems + query cache',
  statusMessages: 'status store',
};

export interface ExtraSources {
  /** The i18n resources: language -> labels. */
  resources: Record<string, unknown>;
  language: string;
  status: StatusMessage[];
}

const keyText = (key: readonly unknown[]) => key.map((k) => (typeof k === 'string' ? k : JSON.stringify(k))).join(' · ');

function queriesOf(queries: Query[], prefixes: string[]) {
  const out: Record<string, unknown> = {};
  for (const q of queries) {
    if (!prefixes.includes(String(q.queryKey[0]))) continue;
    out[keyText(q.queryKey)] = {
      status: q.state.status,
      updated: q.state.dataUpdatedAt ? new Date(q.state.dataUpdatedAt).toISOString() : null,
      ...(q.state.error ? { error: (q.state.error as Error).message } : {}),
      data: q.state.data,
    };
  }
  return out;
}

/** One module's current client state, as a plain object for the tree. */
export function moduleState(name: StoreModule, client: QueryClient, extra: ExtraSources): unknown {
  const queries = client.getQueryCache().getAll();
  const session = client.getQueryData<WhoAmI>(WHOAMI_KEY);
  const cached = queriesOf(queries, QUERY_PREFIXES[name]);
  switch (name) {
    case 'users':
      return { current: session?.user ?? null, queries: cached };
    case 'localize':
      return { lang: session?.lang ?? extra.language, language: extra.language, labels: extra.resources, queries: cached };
    case 'siteconfig':
      return { config: session?.config ?? null, asof: session?.asof ?? null, queries: cached };
    case 'navitems':
      return { items: session?.navitems ?? [], queries: cached };
    case 'statusMessages':
      return { messages: extra.status };
    default:
      return { queries: cached };
  }
}

/** Queries that belong to none of the modules (the admin area's reports, statistics and audit, the session). */
export function otherQueries(client: QueryClient): Record<string, unknown> {
  const known = new Set(Object.values(QUERY_PREFIXES).flat());
  return queriesOf(
    client
      .getQueryCache()
      .getAll()
      .filter((q) => !known.has(String(q.queryKey[0]))),
    [
      ...new Set(
        client
          .getQueryCache()
          .getAll()
          .map((q) => String(q.queryKey[0])),
      ),
    ].filter((k) => !known.has(k)),
  );
}

/** A short size note for a module: entries of the first level. */
export function sizeOf(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return 0;
}
