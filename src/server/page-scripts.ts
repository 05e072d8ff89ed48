/**
 * Admins may give a page third-party head/foot scripts (analytics and the like); the web app inserts
 * them only under cookie opt-in. For the browser to run them, the Content-Security-Policy must name
 * them: each inline script by its SHA-256 hash, each external one by its origin. Nothing else is let in.
 * Recomputed whenever content changes (the same bus message that drops the page cache).
 */
import crypto from 'node:crypto';
import type { Db } from './db/database.ts';
import type { Invalidation } from './adapters/invalidation.ts';
import { CONTENT_TOPIC } from './modules/content/content.cache.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** CSP sources for the scripts in one snippet. */
export function scriptSources(snippet: string): string[] {
  const out: string[] = [];
  for (const [, attrs, body] of snippet.matchAll(SCRIPT)) {
    const src = SRC.exec(attrs ?? '');
    const url = src ? (src[1] ?? src[2] ?? src[3]) : undefined;
    if (url) {
      try {
        const u = new URL(url);
        if (u.protocol === 'https:') out.push(u.origin);
      } catch {
        /* not an absolute URL: nothing to allow */
      }
    } else if (body && body.trim()) {
      out.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return out;
}

export class PageScriptPolicy {
  private sources: string[] = [];
  private db: Db;
  private fixed: string[];

  constructor(db: Db, bus: Invalidation, fixed: string[] = []) {
    this.db = db;
    this.fixed = fixed;
    bus.subscribe(CONTENT_TOPIC, () => void this.refresh());
  }

  async refresh(): Promise<void> {
    const rows = await this.db
      .selectFrom('content')
      .select(['scripthead', 'scriptfoot'])
      .where((eb) => eb.or([eb('scripthead', '!=', ''), eb('scriptfoot', '!=', '')]))
      .execute();
    const all = rows.flatMap((r) => [...scriptSources(r.scripthead ?? ''), ...scriptSources(r.scriptfoot ?? '')]);
    this.sources = [...new Set(all)].sort();
  }

  /** The script-src directive: our own scripts plus the admins' page scripts. */
  scriptSrc(): string {
    return ["'self'", ...this.fixed, ...this.sources].join(' ');
  }

  /** The whole Content-Security-Policy header, built once per change rather than per response. */
  header(production: boolean): string {
    const key = `${production}|${this.scriptSrc()}`;
    if (this.cachedKey !== key) {
      this.cachedKey = key;
      this.cached = cspHeader(this.scriptSrc(), production);
    }
    return this.cached;
  }
  private cachedKey = '';
  private cached = '';
}

/** Our policy: everything from our own origin; images and video frames from https; no plugins. */
export function cspHeader(scriptSrc: string, production: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "frame-src 'self' https:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
