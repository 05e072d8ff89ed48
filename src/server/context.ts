/** What every route module gets: the store and the adapters, built once per app. */
import type { Config } from './config.ts';
import type { Db, Store } from './db/database.ts';
import type { SessionStore } from './adapters/sessions.ts';
import type { RateLimiter } from './adapters/rate-limit.ts';
import type { Mailer } from './adapters/mailer.ts';
import type { Invalidation } from './adapters/invalidation.ts';
import type { SiteRepository } from './modules/site/site.repository.ts';

export interface AppContext {
  config: Config;
  store: Store;
  db: Db;
  sessions: SessionStore;
  limiter: RateLimiter;
  mailer: Mailer;
  bus: Invalidation;
  site: SiteRepository;
}
