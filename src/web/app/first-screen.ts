/**
 * The first screen's requests, started before React renders: on a slow line every request that
 * waits for a render pass costs a round trip after the scripts have run. The server usually answers
 * them inside the page (domain/first-calls.ts); when the page came from the device's copy of the app,
 * they are started here as soon as the path (and, for the caller's own, whoami) says what they are.
 * The screens make the same calls and find them answered or under way (lib/first-replies.ts).
 */
import { matchRoutes } from 'react-router';
import { callKey, firstCalls, WHOAMI_CALL, type FirstCall } from '../../domain/first-calls.ts';
import { api } from '../lib/api.ts';
import { pageQuery } from '../lib/data/content.ts';
import { dropFirstReplies, hasFirstReply, readFirstReplies, startFirstCall } from '../lib/first-replies.ts';
import { queryClient } from '../lib/query.ts';
import { whoamiQuery } from '../lib/session.ts';
import { routes, type ScreenHandle } from './router.tsx';

const send = (c: FirstCall) => () => (c.method === 'GET' ? api.get(c.url) : api.post(c.url, c.body));
const start = (calls: FirstCall[]) => {
  for (const c of calls) startFirstCall(c, send(c));
};

/** Answers nobody asked for within this time are dropped: they are as old as the page. */
const FIRST_REPLIES_TTL_MS = 30_000;
/**
 * Longest wait before the first render for whoami, the screen's code and its first reads, when the page
 * did not bring them (the device's copy of the app, offline): rendering once with the session and the
 * screen beats rendering, waiting and rendering again.
 */
const FIRST_RENDER_WAIT_MS = 1000;

/** Starts the first screen's requests and code; resolves when the app may render (all there, or waited enough). */
export function startFirstScreen(pathname: string): Promise<void> {
  readFirstReplies();
  setTimeout(dropFirstReplies, FIRST_REPLIES_TTL_MS);
  const mutations = queryClient.getMutationCache().subscribe((e) => {
    if (e.type !== 'added') return;
    dropFirstReplies();
    mutations();
  });
  const matches = matchRoutes(routes, pathname) ?? [];
  const handles = matches.map((m) => m.route.handle as ScreenHandle | undefined);
  // A failed chunk load is reported by the screen's own lazy import, which tries again.
  const code = handles.map((h) => h?.load?.());
  const anonymous = hasFirstReply(WHOAMI_CALL) ? [] : firstCalls(pathname);
  start(anonymous);
  const started = new Set(anonymous.map((c) => callKey(c.method, c.url, c.body)));
  const who = queryClient.fetchQuery(whoamiQuery);
  // The caller's own calls (enrolments, the page in their language) once whoami says who that is; the
  // others are already under way (or taken), and must not go out twice.
  who
    .then((w) =>
      start(firstCalls(pathname, { userId: w.user?._id, lang: w.lang }).filter((c) => !started.has(callKey(c.method, c.url, c.body)))),
    )
    .catch(() => {});
  const leaf = matches.at(-1);
  const handle = handles.at(-1);
  // The screen's first reads, into the query cache before it renders, so its first render shows the
  // page instead of a loading state (and a second render). A failure is the screen's to show.
  const data = who.then((w) => {
    const reads: Promise<unknown>[] = [];
    if (leaf && handle?.content) {
      const { context, subid } = handle.content(leaf.params, pathname);
      reads.push(queryClient.prefetchQuery(pageQuery(context, subid, w.lang)));
    }
    if (leaf && handle?.queries)
      for (const q of handle.queries(leaf.params, { userId: w.user?._id, lang: w.lang })) reads.push(queryClient.prefetchQuery(q));
    return Promise.all(reads);
  });
  const settled = (p: Promise<unknown> | undefined) =>
    p?.then(
      () => undefined,
      () => undefined,
    );
  return Promise.race([
    Promise.all([settled(who), settled(data), ...code.map(settled)]).then(() => undefined),
    new Promise<void>((r) => setTimeout(r, FIRST_RENDER_WAIT_MS)),
  ]);
}
