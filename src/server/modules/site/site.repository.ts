/**
 * Site config, localisation and navigation items: read on every whoami, so they are cached in the
 * process and dropped through the invalidation bus whenever an admin changes them.
 */
import type { Db } from '../../db/database.ts';
import { fromJson, json, now } from '../../db/dialect.ts';
import type { Invalidation } from '../../adapters/invalidation.ts';
import type { NavItem, SiteConfig } from '../../../domain/types.ts';
import { DEFAULT_PASS_PERCENT, LANGUAGE_REDIRECTS_DEFAULT, MATERIAL_TYPES_DEFAULT, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';

export const SITE_TOPIC = 'site';

/** Defaults for every field of the spec's site config; stored values override them. */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  sitetitle: 'Open Learning Commons',
  defaultlang: 'en',
  publiclanguages: [...PUBLIC_LANGUAGES],
  langredirects: { ...LANGUAGE_REDIRECTS_DEFAULT },
  countries: [],
  materialTypes: [...MATERIAL_TYPES_DEFAULT],
  createclasswithoutcerts: false,
  quizpasspercent: DEFAULT_PASS_PERCENT,
  exampasspercent: DEFAULT_PASS_PERCENT,
  showeachmaterial: false,
  showinactivecourseswhenenrolled: true,
  truncatecontent: true,
  nolangcoursechange: false,
  maincourses: {},
  showCookieOptIn: true,
  managecookiesettings: false,
  organizationurl: {},
  privacygracedays: 14,
  privacyposts: 'keep',
  privacycertnames: false,
  privacyretentiondays: 0,
  examattempts: 3,
  examwaithours: 24,
  examshowanswers: 'never',
};

export interface SiteData {
  config: SiteConfig;
  navitems: NavItem[];
  /** Newest change to config, labels or navigation: what `asof` compares against. */
  version: string;
  labels(lang: string): Record<string, string>;
}

export class SiteRepository {
  private cached: Promise<SiteData> | null = null;

  private db: Db;
  private bus: Invalidation;
  /** Settings that come from the environment, not the database (the bot-check site key). */
  private fromEnv: Partial<SiteConfig>;

  constructor(db: Db, bus: Invalidation, fromEnv: Partial<SiteConfig> = {}) {
    this.db = db;
    this.bus = bus;
    this.fromEnv = fromEnv;
    bus.subscribe(SITE_TOPIC, () => {
      this.cached = null;
    });
  }

  /** The cached site data; loaded once per change. */
  get(): Promise<SiteData> {
    if (!this.cached) {
      this.cached = this.load();
      this.cached.catch(() => {
        this.cached = null;
      });
    }
    return this.cached;
  }

  private async load(): Promise<SiteData> {
    const [configRow, locRows, navRows] = await Promise.all([
      this.db.selectFrom('site_config').selectAll().where('id', '=', 'site').executeTakeFirst(),
      this.db.selectFrom('localization').selectAll().execute(),
      this.db.selectFrom('nav_items').selectAll().orderBy('order').orderBy('id').execute(),
    ]);
    const config = { ...DEFAULT_SITE_CONFIG, ...fromJson<Partial<SiteConfig>>(configRow?.data, {}), ...this.fromEnv };
    // '' marks a translation an admin removed: the English text shows, so it is not sent.
    const labels = new Map(
      locRows.map((r) => [
        r.lang,
        Object.fromEntries(Object.entries(fromJson<Record<string, string>>(r.labels, {})).filter(([, v]) => v !== '')),
      ]),
    );
    const stamps = [configRow?.timestamp ?? '', ...locRows.map((r) => r.timestamp)];
    const navitems: NavItem[] = navRows.map((r) => ({
      _id: r.id,
      title: r.title,
      url: r.url,
      key: r.key ?? undefined,
      icon: r.icon ?? undefined,
      cssclass: r.cssclass ?? undefined,
      groups: fromJson<string[]>(r.groups, []),
      order: r.order,
      lang: r.lang ?? undefined,
    }));
    return {
      config,
      navitems,
      version: stamps.sort().at(-1) || '1970-01-01T00:00:00.000Z',
      labels: (lang) => labels.get(lang) ?? {},
    };
  }

  async saveConfig(patch: Partial<SiteConfig>): Promise<void> {
    const current: Partial<SiteConfig> = { ...(await this.get()).config, ...patch };
    // Settings from the environment are never stored: they follow the environment.
    for (const key of Object.keys(this.fromEnv)) delete current[key as keyof SiteConfig];
    const data = json(current);
    const ts = now();
    await this.db
      .insertInto('site_config')
      .values({ id: 'site', data, timestamp: ts })
      .onConflict((oc) => oc.column('id').doUpdateSet({ data, timestamp: ts }))
      .execute();
    await this.bus.publish(SITE_TOPIC);
  }

  /** Adds labels a language lacks without touching the ones an admin already translated. */
  async addMissingLabels(lang: string, translations: Record<string, string>): Promise<number> {
    const row = await this.db.selectFrom('localization').selectAll().where('lang', '=', lang).executeTakeFirst();
    const current = fromJson<Record<string, string>>(row?.labels, {});
    const missing = Object.entries(translations).filter(([k]) => !(k in current));
    if (missing.length === 0 && row) return 0;
    const labels = json({ ...current, ...Object.fromEntries(missing) });
    const ts = now();
    await this.db
      .insertInto('localization')
      .values({ lang, labels, timestamp: ts })
      .onConflict((oc) => oc.column('lang').doUpdateSet({ labels, timestamp: ts }))
      .execute();
    await this.bus.publish(SITE_TOPIC);
    return missing.length;
  }

  async replaceNavItems(items: NavItem[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('nav_items').execute();
      for (const [i, n] of items.entries()) {
        await trx
          .insertInto('nav_items')
          .values({
            id: n._id ?? `nav-${i}`,
            title: n.title,
            url: n.url,
            key: n.key ?? null,
            icon: n.icon ?? null,
            cssclass: n.cssclass ?? null,
            groups: json(n.groups),
            order: n.order ?? i,
            lang: n.lang ?? null,
          })
          .execute();
      }
      // Navigation has no timestamp of its own: the config's stamp moves so `asof` sees the change.
      await trx.updateTable('site_config').set({ timestamp: now() }).where('id', '=', 'site').execute();
    });
    await this.bus.publish(SITE_TOPIC);
  }
}
