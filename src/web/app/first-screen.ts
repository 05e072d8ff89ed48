/**
 * The first screen's requests, started before React renders: on a slow line every request that
 * waits for a render pass costs a round trip after the scripts have run. whoami is already on its way
 * (index.html preloads it); here the screen's code and, for a content page, the page itself follow
 * as soon as the language is known. The screens ask for the same queries and find them in flight.
 */
import { matchRoutes } from 'react-router';
import { pageQuery } from '../lib/data/content.ts';
import { queryClient } from '../lib/query.ts';
import { whoamiQuery } from '../lib/session.ts';
import { routes, type ScreenHandle } from './router.tsx';

export function startFirstScreen(pathname: string): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handles = matches.map((m) => m.route.handle as ScreenHandle | undefined);
  // A failed chunk load is reported by the screen's own lazy import, which tries again.
  for (const h of handles) h?.load?.().catch(() => {});
  const leaf = matches.at(-1);
  const data = handles.at(-1)?.data;
  if (leaf && data) {
    const start = (userId: string | undefined) => {
      for (const q of data(leaf.params, userId)) void queryClient.prefetchQuery(q);
    };
    start(undefined);
    // The user's own queries (enrolments) once whoami says who that is.
    queryClient
      .fetchQuery(whoamiQuery)
      .then((who) => {
        if (who.user?._id) start(who.user._id);
      })
      .catch(() => {});
  }
  const content = handles.at(-1)?.content;
  if (!leaf || !content) return;
  const { context, subid } = content(leaf.params, pathname);
  queryClient
    .fetchQuery(whoamiQuery)
    .then((who) => queryClient.prefetchQuery(pageQuery(context, subid, who.lang)))
    // The screen shows its own error when its queries fail.
    .catch(() => {});
}
