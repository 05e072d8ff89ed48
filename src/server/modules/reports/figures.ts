/**
 * Report and dashboard figures, cached in each process and dropped in every process when the data they
 * are computed from changes. At 250,000 enrolments and 100,000 users a report is a full aggregate of
 * 30-120 ms, asked for again on every visit to the dashboard or a report table (each sort, filter and
 * page); between writes the answer cannot change, so it is kept.
 *
 * Which writes drop which figures is declared once (FIGURE_SOURCES) and found by watching the queries:
 * a Kysely plugin on the app's database handle sees every insert, update and delete and the columns an
 * update sets, so no route has to remember to say that it changed a figure. Within a request the figures
 * touched are collected and published when the response is about to be sent (its transactions have
 * committed by then, so no process can rebuild a figure from data about to change); other processes
 * hear it through the invalidation bus (the cluster primary, or Redis). A write outside a request (a
 * background job) publishes as soon as its statement has run and once more a second later, after the
 * transaction around it has committed. A learner's progress (`viewed`) changes the completion figures
 * only, so the rest of the dashboard stays cached on a busy day.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Invalidation } from '../../adapters/invalidation.ts';

/**
 * Tables a figure reads: an insert or delete always touches it; an update when it sets a listed column
 * ('*': any; `except`: any but those).
 */
type Sources = Readonly<Record<string, readonly string[] | '*' | { readonly except: readonly string[] }>>;

/**
 * Every cached figure and what it is computed from (reports.repository.ts and stats.repository.ts), and
 * the rows kept the same way: course titles, classes (kept-classes.ts) and sessions (adapters/sessions.ts).
 */
export const FIGURE_SOURCES = {
  enrollments: { enrollments: ['classid', 'completed', 'regdate'], classes: '*', courses: '*' },
  completions: { enrollments: ['course', 'completed', 'percentcomplete', 'regdate'], courses: '*' },
  exams: { quiz_attempts: '*', courses: '*' },
  quizscores: { quiz_attempts: '*' },
  surveys: { surveys: '*', survey_responses: '*' },
  timeline: { users: ['created'], enrollments: ['course', 'regdate', 'completed'] },
  languages: { users: ['lang'] },
  countries: { users: ['country'] },
  // Also users.lastseen (active in the last 30 days), which changes on every visit: that figure is kept
  // for at most SUMMARY_MAX_AGE_MS instead, as is "new in the last 30 days", which moves with the clock.
  summary: {
    users: ['roles', 'created'],
    courses: ['status'],
    classes: [],
    enrollments: ['completed', 'exampassed'],
    survey_responses: [],
  },
  // The totals of the staff tables of users (by role) and of enrolments (by course, class, completion,
  // and per course or class for the tables sorted by their names): a count over 100,000 or 250,000 rows.
  userTotals: { users: ['roles'] },
  enrolmentTotals: { enrollments: ['course', 'classid', 'completed'] },
  // A class's participants matching a text (by class and text): one account lookup per member, 5,000 in
  // the largest class. Erasing an account hands its completed enrolments to a placeholder (`user`).
  participantTotals: { enrollments: ['classid', 'user'], users: ['firstname', 'lastname', 'email'] },
  // Every course's title by id, beside each enrolment a learner's pages list (a few hundred courses at most).
  courseTitles: { courses: ['title'] },
  // Every class by id: a learner's pages list each enrolment with its class, and a lesson asks for its class.
  classes: { classes: '*' },
  // A session with its account, by the session's id (adapters/sessions.ts): read by every signed-in
  // request. Any change to an account, its temporary password or a session drops them all, but for the
  // times of last activity, which are written on ordinary visits and decide nothing a kept session is
  // used for (auth.ts reads the session again before it acts on them).
  sessions: { sessions: { except: ['lastseen'] }, users: { except: ['lastseen', 'lasttime'] }, account_secrets: '*' },
  // A discussion's posts and their replies, by lesson and class (comments.routes.ts): read by every view
  // of a lesson, changed by a post or reply. Each reader's rights are applied to them on every read.
  discussions: { comments: '*', replies: '*' },
} as const satisfies Record<string, Sources>;

export type Figure = keyof typeof FIGURE_SOURCES;
const FIGURES = Object.keys(FIGURE_SOURCES) as Figure[];
export const figureTopic = (f: Figure) => `figures:${f}`;

/** The headline numbers include two counted over the last 30 days up to now. */
export const SUMMARY_MAX_AGE_MS = 60_000;
/** A backstop for writes made outside any server (a command-line tool): nothing is kept longer. */
const MAX_AGE_MS = 5 * 60_000;
/** Keys come from request filters (course, dates), so each figure keeps a bounded number of answers. */
const MAX_KEYS = 100;
/**
 * Figures kept for more keys, or told to the other processes at once every time (no publish window):
 * sessions are one key per signed-in visitor, and a session ended or an account changed must stop
 * being honoured everywhere without waiting for a window to close. A post is read back at once by its
 * author and the class, whichever process answers them.
 */
const LIMITS: Partial<Record<Figure, { keys?: number; windowMs?: number }>> = {
  sessions: { keys: 20_000, windowMs: 0 },
  discussions: { keys: 1_000, windowMs: 0 },
};
/** A write outside a request is published again this long after, when its transaction has committed. */
const LATE_REPUBLISH_MS = 1000;
/**
 * Other processes hear of a figure's change at once, then at most once per this window: on exam day a
 * submit changes six figures, 170 times a second, and each message is a write to the cluster primary
 * (or Redis) and one from it to every other process. This process drops its own at once, every time.
 */
export const PUBLISH_WINDOW_MS = 200;

/** The figures a write to `table` setting `columns` (undefined: an insert or delete) changes. */
export function figuresTouched(table: string, columns?: readonly string[]): Figure[] {
  return FIGURES.filter((f) => {
    const read = (FIGURE_SOURCES[f] as Sources)[table];
    if (!read) return false;
    if (!columns || read === '*') return true;
    if ('except' in read) return columns.some((c) => !read.except.includes(c));
    return columns.some((c) => read.includes(c));
  });
}

const nameOf = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return nameOf((node as unknown as { node: OperationNode }).node);
  return undefined;
};

/** The figures one query changes, from its syntax tree; none for a read. */
function touchedBy(node: RootOperationNode): Figure[] {
  switch (node.kind) {
    case 'InsertQueryNode': {
      const table = nameOf(node.into);
      return table ? figuresTouched(table) : [];
    }
    case 'DeleteQueryNode':
      return node.from.froms.flatMap((f) => {
        const table = nameOf(f);
        return table ? figuresTouched(table) : [];
      });
    case 'UpdateQueryNode': {
      const table = nameOf(node.table);
      const columns = (node.updates ?? []).map((u) => (u.column as unknown as { column: { name: string } }).column.name);
      return table ? figuresTouched(table, columns) : [];
    }
    default:
      return [];
  }
}

interface Scope {
  touched: Set<Figure>;
  /** False once the response is on its way: a write after that publishes by itself. */
  open: boolean;
}

interface Entry {
  value: Promise<unknown>;
  at: number;
}

export class Figures {
  readonly #bus: Invalidation;
  readonly #scopes = new AsyncLocalStorage<Scope>();
  /** Writes outside a request, between their statement and its result. */
  readonly #pending = new WeakMap<object, Figure[]>();
  readonly #entries = new Map<Figure, Map<string, Entry>>(FIGURES.map((f) => [f, new Map()]));
  /** Moves on every drop, so an answer computed from data read before a change is not kept after it. */
  readonly #generation = new Map<Figure, number>(FIGURES.map((f) => [f, 0]));
  #late: NodeJS.Timeout | undefined;
  #lateTouched = new Set<Figure>();
  readonly #windowMs: number;
  /** When each figure was last told to the other processes, and those waiting for their window to end. */
  readonly #told = new Map<Figure, number>();
  readonly #waiting = new Set<Figure>();
  #flush: NodeJS.Timeout | undefined;

  constructor(bus: Invalidation, opts: { publishWindowMs?: number } = {}) {
    this.#bus = bus;
    this.#windowMs = opts.publishWindowMs ?? PUBLISH_WINDOW_MS;
    for (const f of FIGURES) bus.subscribe(figureTopic(f), () => this.#drop(f));
  }

  /**
   * The figure's answer for `key`, built once and kept until a write changes its sources (or `maxAgeMs`
   * passes). Callers share the value: it must not be changed. An undefined answer (nothing found) is
   * not kept.
   */
  async get<T>(figure: Figure, key: string, build: () => Promise<T>, maxAgeMs = MAX_AGE_MS): Promise<T> {
    const entries = this.#entries.get(figure)!;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at <= maxAgeMs) return hit.value as Promise<T>;
    const generation = this.#generation.get(figure);
    const value = build();
    // Kept while it is being built too, so simultaneous requests share one aggregate.
    const entry = { value, at: Date.now() };
    if (entries.size >= (LIMITS[figure]?.keys ?? MAX_KEYS) && !entries.has(key)) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((v) => {
      if (v === undefined || this.#generation.get(figure) !== generation) forget();
    }, forget);
    return value;
  }

  /** Drops one answer of a figure in this process only (a change that concerns no other process). */
  forget(figure: Figure, key: string) {
    this.#entries.get(figure)!.delete(key);
  }

  #drop(figure: Figure) {
    this.#entries.get(figure)!.clear();
    this.#generation.set(figure, this.#generation.get(figure)! + 1);
  }

  #publish(figures: Iterable<Figure>) {
    const now = Date.now();
    for (const f of figures) {
      this.#drop(f);
      if (now - (this.#told.get(f) ?? -Infinity) >= (LIMITS[f]?.windowMs ?? this.#windowMs)) this.#tell(f, now);
      else this.#waiting.add(f);
    }
    if (this.#waiting.size && !this.#flush) {
      const next = Math.min(...[...this.#waiting].map((f) => this.#told.get(f)!)) + this.#windowMs;
      this.#flush = setTimeout(
        () => {
          this.#flush = undefined;
          const due = [...this.#waiting];
          this.#waiting.clear();
          this.#publish(due);
        },
        Math.max(0, next - now),
      );
      this.#flush.unref();
    }
  }

  #tell(f: Figure, now: number) {
    this.#told.set(f, now);
    this.#waiting.delete(f);
    void this.#bus.publish(figureTopic(f));
  }

  /** The plugin that sees every write through the returned handle. */
  plugin(): KyselyPlugin {
    return {
      transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
        const touched = touchedBy(node);
        if (touched.length === 0) return node;
        const scope = this.#scopes.getStore();
        if (scope?.open) for (const f of touched) scope.touched.add(f);
        else this.#pending.set(queryId, touched);
        return node;
      },
      // Not async: called for every query, and an already settled promise is all Kysely needs back.
      transformResult: ({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        const touched = this.#pending.get(queryId);
        if (touched) {
          this.#pending.delete(queryId);
          this.#publish(touched);
          this.#publishLate(touched);
        }
        return Promise.resolve(result);
      },
    };
  }

  #publishLate(touched: Figure[]) {
    for (const f of touched) this.#lateTouched.add(f);
    if (this.#late) return;
    this.#late = setTimeout(() => {
      this.#late = undefined;
      const figures = this.#lateTouched;
      this.#lateTouched = new Set();
      this.#publish(figures);
    }, LATE_REPUBLISH_MS);
    this.#late.unref();
  }

  /** Each request collects the figures its writes touch and publishes them before its response leaves. */
  hooks(app: FastifyInstance) {
    const scopes = new WeakMap<object, Scope>();
    const close = (req: object) => {
      const scope = scopes.get(req);
      if (!scope?.open) return;
      scope.open = false;
      if (scope.touched.size) this.#publish(scope.touched);
    };
    app.addHook('onRequest', (req, _reply, done) => {
      const scope: Scope = { touched: new Set(), open: true };
      scopes.set(req, scope);
      this.#scopes.run(scope, done);
    });
    // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each.
    app.addHook('onSend', (req, _reply, payload, done) => {
      close(req);
      done(null, payload);
    });
    app.addHook('onResponse', (req, _reply, done) => {
      close(req);
      done();
    });
    app.addHook('onRequestAbort', (req, done) => {
      close(req);
      done();
    });
  }

  close() {
    clearTimeout(this.#late);
    clearTimeout(this.#flush);
  }
}
