import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { isExternalUrl } from '../../lib/paths.ts';
import { ContentPage } from './ContentPage.tsx';

/** / and /app: the home page, unless the site config names a redirect address. */
export function HomeRoute() {
  const { config } = useSession();
  const redirect = config?.redirect?.trim();
  const external = !!redirect && isExternalUrl(redirect);
  useEffect(() => {
    if (external) window.location.assign(redirect!);
  }, [external, redirect]);
  if (redirect && !external && redirect !== '/' && redirect !== '/app') return <Navigate replace to={redirect} />;
  if (external) return null;
  return <ContentPage context="home" />;
}

/** The page a generic path shows: /{id}/{subid?}, or the first two segments of any other path. */
export function contentTarget(params: Record<string, string | undefined>, pathname: string): { context: string; subid?: string } {
  let id = params.id;
  let subid = params.subid;
  if (!id) {
    const parts = pathname
      .split('/')
      .filter(Boolean)
      .map((p) => {
        try {
          return decodeURIComponent(p);
        } catch {
          return p;
        }
      });
    id = parts[0];
    subid = parts[1];
  }
  return { context: id || 'home', subid };
}

/** /{id}/{subid?} and any other path: the generic content page. */
export function ContentRoute({ page }: { page?: string }) {
  const params = useParams();
  const { pathname } = useLocation();
  if (page) return <ContentPage context={page} />;
  const { context, subid } = contentTarget(params, pathname);
  return <ContentPage context={context} subid={subid} />;
}
