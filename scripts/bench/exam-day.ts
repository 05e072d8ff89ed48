/**
 * Exam-day scenarios with learners arriving over time (open loop: an arrival does not wait for the
 * one before), each beside a bare Node http server given the same arrivals and request counts:
 *   (a) BENCH_A (10,000) signed-in learners over 60 s: open the exam lesson as the web app does (the
 *       page, with whoami, courses, lessons, the lesson, the class, the enrolments and the exam's status
 *       inside it; then the lesson's survey and discussion, and `viewed` for each material down to the
 *       exam as the learner scrolls to it) and take the exam (start, an autosave after each question, submit);
 *   (b) BENCH_B (3,000) learners over 60 s who also sign in first (a 503 is retried after its Retry-After);
 *   (c) BENCH_C (2,000) sign-ins over 30 s beside 20 requests a second of other traffic.
 * The learners are written straight into the store (accounts, enrolments, sessions) before the clock starts.
 * BENCH_SCALE shrinks the learner counts and BENCH_TIME_SCALE the durations (0.1: a tenth): on a machine
 * where the load generator itself cannot keep up with the full arrival rate.
 *
 * Requests go through undici's `dispatch` on a keep-alive pool, not `fetch` or `request`: on a 2-core
 * machine the load generator shares the cores with the server, and `fetch` costs about four times the CPU
 * per request of `request` (measured 0.24 against 0.07 ms), which at 2,300 requests a second took a core
 * from the server; `dispatch` with a handler of our own halved the generator's CPU per flow against the
 * bare server again (1.7 to 0.8 ms).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { Agent } from 'undici';
import { openStore } from '../../src/server/db/database.ts';
import { hashPassword } from '../../src/server/adapters/passwords.ts';
import { hashToken, SESSION_COOKIE } from '../../src/server/adapters/sessions.ts';
import { enrollmentId } from '../../src/server/modules/enrollment/enrollment.repository.ts';
import { callKey, DISCUSSION_URL, EXAM_STATUS_URL, lessonDiscussionParent, SURVEY_URL, surveyOf } from '../../src/domain/first-calls.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TIME_SCALE = Number(process.env.BENCH_TIME_SCALE ?? 1);
export const SIZES = {
  a: Math.round(Number(process.env.BENCH_A ?? 10_000) * SCALE),
  b: Math.round(Number(process.env.BENCH_B ?? 3_000) * SCALE),
  c: Math.round(Number(process.env.BENCH_C ?? 2_000) * SCALE),
  aSeconds: 60 * TIME_SCALE,
  bSeconds: 60 * TIME_SCALE,
  cSeconds: 30 * TIME_SCALE,
};
const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
const LESSON = 'iol-en-l3';
const EXAM = 'iol-en-l3-m3';
const PASSWORD = 'Bench-pass1!';
/** Autosaves per exam taken: one per question of the demo's five-question exam (BENCH_SAVES). */
const SAVES = Number(process.env.BENCH_SAVES ?? 5);
// As a browser asks: the server compresses what it would compress for the web app.
const H = { 'content-type': 'application/json', 'x-requested-with': 'learning-platform', 'accept-encoding': 'br, gzip' };

export interface Learner {
  id: string;
  email: string;
  cookie: string;
}

/** Accounts enrolled in the self-paced class; with `signedIn`, a session each (its cookie ready). */
export async function writeLearners(databaseUrl: string, prefix: string, n: number, signedIn: boolean): Promise<Learner[]> {
  const store = openStore(databaseUrl);
  const hash = await hashPassword(PASSWORD);
  const now = new Date();
  const iso = now.toISOString();
  const expires = new Date(now.getTime() + 24 * 3600_000).toISOString();
  const learners: Learner[] = [];
  try {
    for (let start = 0; start < n; start += 500) {
      const batch = Array.from({ length: Math.min(500, n - start) }, (_, k) => {
        const i = start + k;
        const token = crypto.randomBytes(32).toString('base64url');
        return { id: `${prefix}-${i}`, email: `${prefix}-${i}@bench.example.net`, token };
      });
      await store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values(
            batch.map((u) => ({
              id: u.id,
              email: u.email,
              passwordHash: hash,
              firstname: 'Bench',
              lastname: u.id,
              roles: '[]',
              lang: 'en',
              cookieoptin: 'prompt',
              certifications: '{}',
              created: iso,
              lastseen: iso,
            })),
          )
          .execute();
        await trx
          .insertInto('enrollments')
          .values(
            batch.map((u) => ({
              id: enrollmentId(u.id, CLASS),
              user: u.id,
              course: COURSE,
              classid: CLASS,
              regdate: iso,
              completed: null,
              regcode: null,
              description: null,
              timestamp: iso,
              percentcomplete: 0,
              exampassed: 0,
              examdate: null,
            })),
          )
          .execute();
        if (signedIn) {
          await trx
            .insertInto('sessions')
            .values(
              batch.map((u) => ({
                id: hashToken(u.token),
                userId: u.id,
                created: iso,
                expires,
                lastseen: iso,
                useragent: 'bench',
                ip: '127.0.0.1',
              })),
            )
            .execute();
        }
      });
      for (const u of batch) learners.push({ id: u.id, email: u.email, cookie: signedIn ? `${SESSION_COOKIE}=${u.token}` : '' });
    }
  } finally {
    await store.close();
  }
  return learners;
}

export interface Result {
  flows: number;
  done: number;
  errors: number;
  flowP50: number;
  flowP99: number;
  reqP99: number;
  retries: number;
  seconds: number;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** What a step got back, its body received (so the connection is free for the next request). */
export interface Reply {
  status: number;
  ok: boolean;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
/** A request of the flow; null when the page already carried its answer, so nothing was sent. */
type Step = (l: Learner) => Promise<Reply | null>;
const pool = new Agent({ connections: 4096, keepAliveTimeout: 30_000 });
/**
 * One request, through undici's `dispatch` with a handler of our own: the reply's bytes arrive as
 * chunks, with no body stream, no promise per stage and no decoding of what is not read. `read: false`
 * keeps only the status (its `body` is empty): most steps need nothing else, and decoding every reply
 * (as a browser would, on its own machine) cost this load generator about half its CPU, taken from the
 * server it shares the cores with. `request` with its body stream cost about as much again.
 */
export function call(url: string, init: { method?: 'GET' | 'POST'; cookie?: string; body?: string; read?: boolean } = {}): Promise<Reply> {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const origin = slash < 0 ? url : url.slice(0, slash);
  const path = slash < 0 ? '/' : url.slice(slash);
  const read = init.read !== false;
  return new Promise((resolve, reject) => {
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    pool.dispatch(
      { origin, path, method: init.method ?? 'GET', headers: { ...H, cookie: init.cookie ?? '' }, body: init.body ?? null },
      {
        // Its presence tells undici this handler speaks the documented handler interface.
        onRequestStart() {},
        onResponseStart(_controller, statusCode, responseHeaders) {
          status = statusCode;
          headers = responseHeaders;
        },
        onResponseData(_controller, chunk) {
          if (read) chunks.push(chunk);
        },
        onResponseEnd() {
          let body = '';
          if (read) {
            const bytes = Buffer.concat(chunks);
            const encoding = headers['content-encoding'];
            body = (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString();
          }
          resolve({ status, ok: status < 400, headers, body });
        },
        onResponseError(_controller, err) {
          reject(err);
        },
      },
    );
  });
}
const post =
  (base: string, url: string, body: (l: Learner) => unknown): Step =>
  (l) =>
    call(base + url, { method: 'POST', cookie: l.cookie, body: JSON.stringify(body(l)), read: false });
const json = (r: Reply): Record<string, unknown> => {
  try {
    return JSON.parse(r.body) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * What the exam lesson's screen asks for besides its page, from the lesson's materials (the demo's,
 * the same in every store): `viewed` for each material it shows, down to the exam, and the survey one
 * of them holds.
 */
interface LessonPlan {
  seen: string[];
  survey?: string;
}
let plan: LessonPlan | undefined;

/** Reads the exam lesson's materials from a store seeded with the demo; every flow after follows them. */
export async function readExamLesson(databaseUrl: string): Promise<void> {
  const store = openStore(databaseUrl);
  try {
    const rows = await store.db
      .selectFrom('materials')
      .select(['id', 'section', 'subid'])
      .where('lesson', '=', LESSON)
      .orderBy('order')
      .orderBy('id')
      .execute();
    const exam = rows.findIndex((r) => r.id === EXAM);
    if (exam < 0) throw new Error(`the demo lesson ${LESSON} has no exam ${EXAM}`);
    plan = { seen: rows.slice(0, exam + 1).map((r) => r.id), survey: rows.map(surveyOf).find((id) => id !== undefined) };
  } finally {
    await store.close();
  }
}

/** The exam's status inside the page's answers (domain/first-calls.ts), which the exam then does not ask for. */
const STATUS_INSIDE = JSON.stringify(callKey('POST', EXAM_STATUS_URL, { _id: EXAM, classid: CLASS }));
const DISCUSSION = { parent: lessonDiscussionParent(COURSE, LESSON), context: CLASS };
const DISCUSSION_INSIDE = JSON.stringify(callKey('POST', DISCUSSION_URL, DISCUSSION));

/** The exam lesson opened as the web app opens it, then the exam taken. `bare` sends the same count to the bare server. */
function examFlow(base: string, bare: boolean): Step[] {
  if (!plan) throw new Error('readExamLesson first');
  // The page, and a `viewed` for each material seen: the survey and the discussion come inside the page.
  const opening = 1 + plan.seen.length;
  if (bare)
    return Array.from(
      { length: opening + 2 + SAVES },
      () => (l: Learner) => call(base, { method: 'POST', cookie: l.cookie, body: '{}', read: false }),
    );
  const viewed = (material: string) =>
    post(base, '/app_enrollment/viewed', (l) => ({ user: l.id, classid: CLASS, lessonid: LESSON, course: COURSE, materialid: material }));
  const [first, ...scrolled] = plan.seen;
  const survey = plan.survey;
  const attempt = new Map<string, { id: string; questions: number }>();
  const answers = (l: Learner, k: number) =>
    Array.from({ length: Math.min(k, attempt.get(l.id)?.questions ?? 0) }, (_, i) => 'ABC'[(i + l.id.length) % 3]!);
  // Autosave as the exam screen does it: the answers so far after each question, numbered so a late save loses.
  const saves: Step[] = Array.from({ length: SAVES }, (_, k) =>
    post(base, '/app_enrollment/attempt/save', (l) => ({ attemptid: attempt.get(l.id)?.id, answers: answers(l, k + 1), seq: k + 1 })),
  );
  const surveyInside = survey && JSON.stringify(callKey('POST', SURVEY_URL, { _id: survey }));
  // What the page carried of the survey and the discussion, which the screen then does not ask for.
  const inside = new Map<string, { survey: boolean; discussion: boolean }>();
  const unlessInside =
    (what: 'survey' | 'discussion', step: Step): Step =>
    (l) =>
      inside.get(l.id)?.[what] ? Promise.resolve(null) : step(l);
  return [
    // The lesson's page, with whoami, courses, lessons, the lesson, the class, the enrolments, the exam's
    // status, the survey and the discussion inside it (src/server/first-page.ts); without the status the
    // exam asks for it.
    async (l) => {
      const r = await call(`${base}/lessons/${COURSE}/${LESSON}/${CLASS}`, { cookie: l.cookie });
      if (!r.ok || !r.body.includes('id="first-replies"')) return { ...r, ok: false };
      inside.set(l.id, { survey: !!surveyInside && r.body.includes(surveyInside), discussion: r.body.includes(DISCUSSION_INSIDE) });
      if (r.body.includes(STATUS_INSIDE)) return r;
      return call(base + EXAM_STATUS_URL, {
        method: 'POST',
        cookie: l.cookie,
        body: JSON.stringify({ _id: EXAM, classid: CLASS }),
        read: false,
      });
    },
    // The screen as it shows: the first material seen, the survey and the discussion, then each material
    // down to the exam as the learner scrolls to it.
    viewed(first!),
    ...(survey
      ? [
          unlessInside(
            'survey',
            post(base, SURVEY_URL, () => ({ _id: survey })),
          ),
        ]
      : []),
    unlessInside(
      'discussion',
      post(base, DISCUSSION_URL, () => DISCUSSION),
    ),
    ...scrolled.map(viewed),
    async (l) => {
      const r = await call(`${base}/app_enrollment/attempt/start`, {
        method: 'POST',
        cookie: l.cookie,
        body: JSON.stringify({ _id: EXAM, classid: CLASS, courseid: COURSE, lessonid: LESSON }),
      });
      const body = json(r) as { _id?: string; questions?: unknown[] };
      if (body._id) attempt.set(l.id, { id: body._id, questions: body.questions?.length ?? 0 });
      return r;
    },
    ...saves,
    post(base, '/app_enrollment/attempt/submit', (l) => ({ attemptid: attempt.get(l.id)?.id, answers: answers(l, SAVES) })),
  ];
}

/** Signs in, waiting out each 503's Retry-After; sets the learner's cookie. */
function signIn(base: string, bare: boolean, retries: { n: number }): Step {
  return async (l) => {
    for (;;) {
      const r = await call(bare ? base : `${base}/users/login`, {
        method: 'POST',
        body: JSON.stringify({ login: l.email, password: PASSWORD }),
        read: false,
      });
      if (r.status === 503 && !bare) {
        retries.n++;
        await new Promise((res) => setTimeout(res, Number(r.headers['retry-after'] ?? 1) * 1000));
        continue;
      }
      const cookies = r.headers['set-cookie'] ?? [];
      if (!bare) l.cookie = (Array.isArray(cookies) ? cookies : [cookies]).map((c) => c.split(';')[0]).join('; ');
      return r;
    }
  };
}

/**
 * BENCH_WINDOWS=1: flow p50 and p99 of the flows started in each tenth of the run, to tell a slow start
 * (cold code) from pauses in the middle (checkpoints, garbage collection).
 */
function printWindows(starts: [number, number][], seconds: number) {
  const width = seconds / 10;
  const cells = Array.from({ length: 10 }, (_, w) => {
    const times = starts.filter(([at]) => at >= w * width && at < (w + 1) * width).map(([, ms]) => ms);
    return `${(w * width).toFixed(0)}s: ${pct(times, 50).toFixed(0)}/${pct(times, 99).toFixed(0)}`;
  });
  console.log(`  flow p50/p99 ms by start time  ${cells.join('  ')}`);
}

/** Flows started evenly over `seconds`, each running its steps one after another. */
async function arrivals(learners: Learner[], seconds: number, steps: Step[], reqTimes: number[]): Promise<Omit<Result, 'retries'>> {
  const flowTimes: number[] = [];
  /** [start second, flow ms] of each flow, for BENCH_WINDOWS. */
  const starts: [number, number][] = [];
  let errors = 0;
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    learners.map(async (l, i) => {
      const at = (i / learners.length) * seconds * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, at - (performance.now() - t0))));
      const s = performance.now();
      let ok = true;
      for (const step of steps) {
        const rs = performance.now();
        try {
          const r = await step(l);
          if (r === null) continue;
          if (!r.ok) ok = false;
        } catch {
          ok = false;
        }
        reqTimes.push(performance.now() - rs);
      }
      flowTimes.push(performance.now() - s);
      starts.push([(s - t0) / 1000, performance.now() - s]);
      if (ok) done++;
      else errors++;
    }),
  );
  if (process.env.BENCH_WINDOWS) printWindows(starts, seconds);
  return {
    flows: learners.length,
    done,
    errors,
    flowP50: pct(flowTimes, 50),
    flowP99: pct(flowTimes, 99),
    reqP99: pct(reqTimes, 99),
    seconds: (performance.now() - t0) / 1000,
  };
}

/** Learners of the warm-up that runs before the scenarios (BENCH_WARMUP, 0 for none). */
export const WARMUP = { learners: Math.round(Number(process.env.BENCH_WARMUP ?? 500) * SCALE), seconds: 5 * TIME_SCALE };

/**
 * Exam day meets a server that has been running: every worker started and its code compiled by the
 * traffic before. A freshly started server is neither (its second worker starts once the first listens,
 * and each compiles its hot paths on first use), so other learners take the exam at a lower rate
 * first, and their figures are not counted.
 */
export async function warmUp(base: string, learners: Learner[], bare: boolean): Promise<void> {
  if (learners.length) await arrivals(learners, WARMUP.seconds, examFlow(base, bare), []);
}

export async function scenarioA(base: string, learners: Learner[], bare: boolean): Promise<Result> {
  const times: number[] = [];
  return { ...(await arrivals(learners, SIZES.aSeconds, examFlow(base, bare), times)), retries: 0 };
}

export async function scenarioB(base: string, learners: Learner[], bare: boolean): Promise<Result> {
  const retries = { n: 0 };
  const times: number[] = [];
  return {
    ...(await arrivals(learners, SIZES.bSeconds, [signIn(base, bare, retries), ...examFlow(base, bare)], times)),
    retries: retries.n,
  };
}

/** Sign-ins arriving over 30 s while other requests come at 20 a second; reqP99 is the other requests' p99. */
export async function scenarioC(base: string, learners: Learner[], bare: boolean): Promise<Result> {
  const retries = { n: 0 };
  const other: number[] = [];
  let stop = false;
  const traffic = (async () => {
    const pending: Promise<void>[] = [];
    const urls = ['/app_users/whoami', '/', '/app_courses/list'];
    for (let k = 0; !stop; k++) {
      const url = urls[k % urls.length]!;
      pending.push(
        (async () => {
          const s = performance.now();
          try {
            await call(
              bare ? base : base + url,
              url === '/app_courses/list' ? { method: 'POST', body: '{}', read: false } : { read: false },
            );
          } catch {
            /* counted by time */
          }
          other.push(performance.now() - s);
        })(),
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(pending);
  })();
  const signins: number[] = [];
  const r = await arrivals(learners, SIZES.cSeconds, [signIn(base, bare, retries)], signins);
  stop = true;
  await traffic;
  return { ...r, reqP99: pct(other, 99), retries: retries.n };
}

export const dataUrl = (dataDir: string) => `sqlite:${path.join(dataDir, 'app.db')}`;
