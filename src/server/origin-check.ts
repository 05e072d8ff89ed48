/**
 * Refuses state-changing requests from other sites (403). Browsers send Origin on cross-site POSTs
 * and Sec-Fetch-Site on everything; a request with neither (curl, a server) is not a browser attack.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { MSG } from '../domain/messages.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function originCheck(config: Config) {
  const allowed = new Set(config.allowedOrigins);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(req.method) && !req.routeOptions.config?.stateChanging) return;
    const host = req.headers['x-forwarded-host'] && config.production ? String(req.headers['x-forwarded-host']) : req.headers.host;
    const source = req.headers.origin ?? req.headers.referer;
    if (source && source !== 'null') {
      let sourceHost: string;
      let sourceOrigin: string;
      try {
        const u = new URL(source);
        sourceHost = u.host;
        sourceOrigin = u.origin;
      } catch {
        return reply.status(403).send({ error: { message: MSG.crossSite } });
      }
      if (sourceHost === host || allowed.has(sourceOrigin)) return;
      return reply.status(403).send({ error: { message: MSG.crossSite } });
    }
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || source === 'null') return reply.status(403).send({ error: { message: MSG.crossSite } });
  };
}
