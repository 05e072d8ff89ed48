/**
 * Published pages (and the course catalogue), cached in the process: the home page is asked for on every
 * visit and changes only when an editor saves. An answer is kept serialised under its key (for pages:
 * page, language and audience: visitor, signed-in reader or editor) and dropped in every process through
 * the invalidation bus when content, courses, lessons or materials change (and when the site config
 * does, since it decides the fallback language).
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Invalidation } from '../../adapters/invalidation.ts';
import { SITE_TOPIC } from '../site/site.repository.ts';

export const CONTENT_TOPIC = 'content';
/** Page names come from the URL, so the cache is bounded: the oldest page goes first. */
const MAX_PAGES = 1000;

export class PageCache {
  private pages = new Map<string, string>();
  /** Moves on every drop, so a page read before a save is not stored after it. */
  private generation = 0;

  constructor(bus: Invalidation) {
    bus.subscribe(CONTENT_TOPIC, () => this.clear());
    bus.subscribe(SITE_TOPIC, () => this.clear());
  }

  /** `keep` false: an answer not worth a place (nothing found under a key the request made up). */
  async get(key: string, build: () => Promise<string>, keep: (body: string) => boolean = () => true): Promise<string> {
    const hit = this.pages.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const body = await build();
    if (generation === this.generation && keep(body)) {
      if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(key, body);
    }
    return body;
  }

  clear() {
    this.pages.clear();
    this.generation++;
  }
}

/** Tells every app process that published content changed; call it after each write. */
export function contentChanged(ctx: AppContext): Promise<void> {
  return ctx.bus.publish(CONTENT_TOPIC);
}

/** Sends a cached answer as the JSON text it was kept as. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
