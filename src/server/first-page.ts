/**
 * The web app's page for a path, with the answers to its first screen's calls inside it
 * (domain/first-calls.ts): whoami, then what the path's screen asks for first. On a slow line each call
 * the screen would make after its scripts ran costs a round trip; answered here, the screen renders
 * from them at once. The answers come from the real routes with the visitor's cookies and address, so
 * policy and replies are exactly those of the calls themselves: the route's own handler inside the
 * page's request (route-answers.ts), or `inject` for a route that handler cannot answer alone (a path
 * with parameters, such as the content pages). A call that fails is left out: the screen makes it and
 * shows its own message.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  callKey,
  ENROLMENTS_URL,
  LESSON_URL,
  enrolmentCalls,
  FIRST_REPLIES_ID,
  firstCalls,
  lessonCalls,
  firstScreenModule,
  SCREEN_MODULES,
  WHOAMI_CALL,
  type FirstCall,
  type FirstEnrolment,
  type FirstLesson,
} from '../domain/first-calls.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE, RTL_LANGUAGES } from '../domain/constants.ts';
import type { WhoAmI } from '../domain/types.ts';
import type { AppContext } from './context.ts';
import { lendingSession } from './auth.ts';
import type { RouteAnswers } from './route-answers.ts';

/** The enrolment call's answer as the list it is; anything else lists none. */
function enrolmentList(text: string): FirstEnrolment[] {
  const list: unknown = JSON.parse(text);
  return Array.isArray(list) ? (list as FirstEnrolment[]) : [];
}

/**
 * The lesson as lessonCalls reads it (each material's id, section and survey), by the lesson call's JSON text.
 * The lesson route keeps that text, one string per lesson, so a page finds it here by identity instead
 * of parsing the whole lesson again; an edited lesson is a new text. Bounded by dropping them all.
 */
const lessonsRead = new Map<string, FirstLesson>();
function firstLesson(text: string): FirstLesson {
  let lesson = lessonsRead.get(text);
  if (!lesson) {
    const parsed = JSON.parse(text) as FirstLesson | null;
    const materials = Object.entries(parsed?.materials ?? {}).map(([k, m]) => [k, { _id: m._id, section: m.section, subid: m.subid }]);
    lesson = { materials: Object.fromEntries(materials) as FirstLesson['materials'] };
    if (lessonsRead.size >= 200) lessonsRead.clear();
    lessonsRead.set(text, lesson);
  }
  return lesson;
}

const WHOAMI_PRELOAD = /\s*<link rel="preload" href="\/app_users\/whoami"[^>]*>/;

export interface FirstPage {
  html: string;
  /** Cookies the calls set (a renewed session), passed on to the page's reply. */
  cookies: string[];
  signedIn: boolean;
}

/**
 * The answers as one JSON object inside a <script> element, from the replies' own text (parsed and
 * written again they would cost the server twice). Nothing in it may close the element or start a
 * comment; `<` can only stand inside a JSON string, where its escape reads the same.
 */
const scriptJson = (raw: Map<string, string>) =>
  `{${[...raw].map(([k, body]) => `${JSON.stringify(k)}:${body}`).join(',')}}`
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A chunk of the build's manifest (vite `build.manifest`), keyed by its source under src/web. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * `<link rel="modulepreload">` for each lazily loaded screen's code and the chunks it imports, so it
 * downloads beside the app's script, and `<link rel="stylesheet">` for their styles (each chunk brings
 * the styles of the components in it), which the screen's code would otherwise ask for only once it
 * runs, a round trip later. Imported chunks' styles come before the styles of the chunks using them,
 * in the order the build gives them. The entry chunk is left out: the page loads it already.
 */
export function screenPreloads(manifest: Record<string, ManifestChunk>): Map<string, string> {
  const links = new Map<string, string>();
  for (const module of Object.values(SCREEN_MODULES)) {
    const files = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const k of chunk.imports ?? []) visit(k);
      for (const css of chunk.css ?? []) styles.add(css);
    };
    visit(module);
    if (files.size)
      links.set(
        module,
        [...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`).join('') +
          [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`).join(''),
      );
  }
  return links;
}

export function firstPageBuilder(
  app: FastifyInstance,
  ctx: AppContext,
  routes: RouteAnswers,
  template: string,
  preloads: Map<string, string> = new Map(),
) {
  // The page around its language tag and the end of its head, cut once: the answers are put in by
  // joining strings, never by a string replacement, which would read `$$`, `$&` or `$'` in a lesson's
  // text as patterns. A template without the tag keeps its own; one without a head gets no answers.
  const page = template.replace(WHOAMI_PRELOAD, '');
  const headEnd = page.indexOf('</head>');
  const tag = /<html lang="[^"]*" dir="[^"]*">/.exec(page);
  const tagEnd = tag ? tag.index + tag[0].length : 0;
  const cut = {
    before: tag ? page.slice(0, tag.index) : '',
    head: headEnd < tagEnd ? page.slice(tagEnd) : page.slice(tagEnd, headEnd),
    after: headEnd < tagEnd ? '' : page.slice(headEnd),
  };
  return (req: FastifyRequest): Promise<FirstPage> => lendingSession(ctx, req, () => firstPage(req));

  async function firstPage(req: FastifyRequest): Promise<FirstPage> {
    const cookies: string[] = [];
    const headers: Record<string, string> = { [APP_REQUEST_HEADER]: APP_REQUEST_VALUE, accept: 'application/json' };
    for (const h of ['cookie', 'accept-language', 'user-agent'] as const) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    /** The reply's JSON text, when the call succeeded. */
    const answer = async (call: FirstCall): Promise<string | undefined> => {
      if (routes.has(call.method, call.url)) return routes.answer(req, { ...call, headers });
      const res = await app.inject({
        method: call.method,
        url: call.url,
        headers: call.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        payload: call.body === undefined ? undefined : JSON.stringify(call.body),
        remoteAddress: req.ip,
      });
      const set = res.headers['set-cookie'];
      if (set) cookies.push(...(Array.isArray(set) ? set : [String(set)]));
      const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
      return res.statusCode === 200 && json ? res.payload : undefined;
    };
    const whoText = await answer(WHOAMI_CALL).catch(() => undefined);
    const who = whoText ? (JSON.parse(whoText) as WhoAmI) : undefined;
    if (!who?.lang || !/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(who.lang)) return { html: template, cookies, signedIn: false };
    const pathname = new URL(req.url, 'http://x').pathname;
    const calls = firstCalls(pathname, { userId: who.user?._id, lang: who.lang });
    const module = firstScreenModule(pathname);
    const preload = (module && preloads.get(module)) ?? '';
    const replies = new Map([[callKey(WHOAMI_CALL.method, WHOAMI_CALL.url), whoText!]]);
    /** Answers calls side by side, each kept under its key; gives the texts in the calls' order. */
    const answerAll = async (batch: FirstCall[]) => {
      const texts = await Promise.all(batch.map((c) => answer(c).catch(() => undefined)));
      batch.forEach((c, i) => {
        if (texts[i] !== undefined) replies.set(callKey(c.method, c.url, c.body), texts[i]);
      });
      return texts;
    };
    const answers = await answerAll(calls);
    // Then what follows from the enrolments just answered: the class the screen shows when its path names
    // none, and the status of the lesson's exams, its surveys and its discussion in the caller's class.
    const enrolmentsText = answers[calls.findIndex((c) => c.url === ENROLMENTS_URL)];
    if (enrolmentsText !== undefined) {
      const enrolments = enrolmentList(enrolmentsText);
      const lessonText = answers[calls.findIndex((c) => c.url === LESSON_URL)];
      const lesson = lessonText === undefined ? {} : firstLesson(lessonText);
      await answerAll([...enrolmentCalls(pathname, enrolments), ...lessonCalls(pathname, lesson, enrolments)]);
    }
    const dir = (RTL_LANGUAGES as readonly string[]).includes(who.lang) ? 'rtl' : 'ltr';
    const html =
      cut.before +
      (tag ? `<html lang="${who.lang}" dir="${dir}">` : '') +
      cut.head +
      (cut.after ? `${preload}<script type="application/json" id="${FIRST_REPLIES_ID}">${scriptJson(replies)}</script>` : '') +
      cut.after;
    return { html, cookies, signedIn: !!who.user };
  }
}
