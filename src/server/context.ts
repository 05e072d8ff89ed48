/** What every route module gets: the store and the adapters, built once per app. */
import type { Config } from './config.ts';
import type { Db, Store } from './db/database.ts';
import type { SessionStore } from './adapters/sessions.ts';
import type { RateLimiter } from './adapters/rate-limit.ts';
import type { Mailer } from './adapters/mailer.ts';
import type { Invalidation } from './adapters/invalidation.ts';
import type { Figures } from './modules/reports/figures.ts';
import type { SiteRepository } from './modules/site/site.repository.ts';
import type { Clock } from './clock.ts';
import type { SecuritySettingsRepository } from './modules/sessions/security-settings.ts';

export interface AppContext {
  config: Config;
  store: Store;
  db: Db;
  sessions: SessionStore;
  limiter: RateLimiter;
  mailer: Mailer;
  bus: Invalidation;
  /** Report and dashboard figures, cached until a write changes them (modules/reports/figures.ts). */
  figures: Figures;
  site: SiteRepository;
  /** Now, for session lifetimes, throttling and one-time codes; tests move it forward. */
  clock: Clock;
  /** Session lifetimes and the two-factor requirement (admin settings). */
  security: SecuritySettingsRepository;
}
