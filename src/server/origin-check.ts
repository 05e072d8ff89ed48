/**
 * Refuses state-changing requests that may come from another site (403). The source (Origin, else
 * Referer) must be this site, by scheme and host (PUBLIC_URL, the address the request came in on,
 * or ALLOWED_ORIGINS). A request with no Origin, no Referer and no Sec-Fetch-Site must carry the
 * header the web app sends with every call: another site cannot add a custom header to a request
 * without a CORS preflight, which this server never grants.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { MSG } from '../domain/messages.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../domain/constants.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function originCheck(config: Config) {
  const allowed = new Set(config.allowedOrigins.map(originOf).filter((o): o is string => !!o));
  const publicOrigin = config.publicUrl ? originOf(config.publicUrl) : null;
  if (publicOrigin) allowed.add(publicOrigin);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(req.method) && !req.routeOptions.config?.stateChanging) return;
    const refuse = () => reply.status(403).send({ error: { message: MSG.crossSite } });
    const source = req.headers.origin ?? req.headers.referer;
    const fetchSite = req.headers['sec-fetch-site'];
    if (source !== undefined) {
      const origin = source === 'null' ? null : originOf(source);
      // Scheme, host and port must all match: http://site is not https://site.
      if (origin && (allowed.has(origin) || origin === `${req.protocol}://${req.host}`)) return;
      return refuse();
    }
    if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none' ? undefined : refuse();
    if (req.headers[APP_REQUEST_HEADER] === APP_REQUEST_VALUE) return;
    return refuse();
  };
}
