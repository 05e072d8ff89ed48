/**
 * Translations and navigation items as the admin area edits them. Both are also read through
 * SiteRepository's cache for every whoami, so each write moves the site version and tells the
 * invalidation bus (every process drops its copy; users get the change on their next whoami).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromJson, json, now } from '../../db/dialect.ts';
import type { NavItemsTable } from '../../db/schema.ts';
import type { Invalidation } from '../../adapters/invalidation.ts';
import { SITE_TOPIC } from '../site/site.repository.ts';
import type { NavItem } from '../../../domain/types.ts';
import EN_PLURALS_JSON from '../../../domain/i18n/en-plurals.json' with { type: 'json' };
import type { LabelRow } from '../../../domain/types.ts';

const EN_PLURALS: Record<string, string> = EN_PLURALS_JSON;

const PLURAL_KEY = /^(.*\{\{count\}\}.*)_(zero|one|two|few|many|other)$/;
/**
 * A plural form's English text: English has only `one` and `other`, so a form another language needs
 * (Arabic's few, many...) shows the English `other` text it stands in for, not its raw key.
 */
function englishOf(label: string, en: Record<string, string>): { english: string; plural?: string } {
  const m = PLURAL_KEY.exec(label);
  if (!m) return { english: en[label] || label };
  const [, base, form] = m as unknown as [string, string, string];
  const english = en[label] || EN_PLURALS[`${base}_${form === 'one' ? 'one' : 'other'}`] || base;
  return { english, plural: form };
}

/**
 * Every known UI label (the union of the labels of every language in the localisation table) with its
 * English text (the label itself unless `en` overrides it) and its translation in `lang` ('' when none).
 */
export async function labelsOf(db: Db, lang: string) {
  const rows = await db.selectFrom('localization').selectAll().execute();
  const maps = new Map(rows.map((r) => [r.lang, fromJson<Record<string, string>>(r.labels, {})]));
  const known = new Set<string>();
  for (const m of maps.values()) for (const k of Object.keys(m)) known.add(k);
  const en = maps.get('en') ?? {};
  const mine = maps.get(lang) ?? {};
  const labels: LabelRow[] = [...known]
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((label) => {
      const translation = mine[label] ?? '';
      return { label, ...englishOf(label, en), translation, translated: translation !== '' };
    });
  const languages = rows
    .map((r) => ({ lang: r.lang, translated: Object.values(maps.get(r.lang)!).filter(Boolean).length }))
    .sort((a, b) => a.lang.localeCompare(b.lang));
  const asof = rows.find((r) => r.lang === lang)?.timestamp ?? null;
  return { labels, languages, asof };
}

/**
 * Sets translations of one language in one transaction; an empty translation removes the label's
 * translation (the English text shows). The row is locked on PostgreSQL so two admins saving at once
 * both keep their labels. Answers what changed, `{ label: { from, to } }`.
 */
export async function setLabels(db: Db, bus: Invalidation, lang: string, updates: Record<string, string>) {
  const changed: Record<string, { from: string | null; to: string | null }> = {};
  await db.transaction().execute(async (trx) => {
    // An upsert that changes nothing but locks the row (PostgreSQL) and gives back the current labels.
    const row = await trx
      .insertInto('localization')
      .values({ lang, labels: '{}', timestamp: now() })
      .onConflict((oc) => oc.column('lang').doUpdateSet({ timestamp: sql.ref('localization.timestamp') }))
      .returning('labels')
      .executeTakeFirstOrThrow();
    const labels = fromJson<Record<string, string>>(row.labels, {});
    for (const [label, text] of Object.entries(updates)) {
      const from = labels[label] || null;
      const to = text === '' ? null : text;
      if (from === to) continue;
      changed[label] = { from, to };
      // A removed translation stays as '' (shown in English): the start-up label sync adds only
      // labels a language lacks, so it must not bring back one an admin removed on purpose.
      labels[label] = to ?? '';
    }
    if (Object.keys(changed).length) {
      await trx
        .updateTable('localization')
        .set({ labels: json(labels), timestamp: now() })
        .where('lang', '=', lang)
        .execute();
    }
  });
  if (Object.keys(changed).length) await bus.publish(SITE_TOPIC);
  return changed;
}

export const presentNavItem = (r: NavItemsTable): NavItem => ({
  _id: r.id,
  title: r.title,
  url: r.url,
  key: r.key ?? undefined,
  icon: r.icon ?? undefined,
  cssclass: r.cssclass ?? undefined,
  groups: fromJson<string[]>(r.groups, []),
  order: r.order,
  lang: r.lang ?? undefined,
});

export async function listNavItems(db: Db, group?: string) {
  const rows = await db.selectFrom('nav_items').selectAll().orderBy('order').orderBy('id').execute();
  const items = rows.map(presentNavItem);
  return group ? items.filter((i) => i.groups.includes(group)) : items;
}

export const findNavItem = (db: Db, id: string) => db.selectFrom('nav_items').selectAll().where('id', '=', id).executeTakeFirst();

/** Navigation has no timestamp of its own: the site config's stamp moves so `asof` sees the change. */
async function touchSiteVersion(db: Db) {
  const ts = now();
  await db
    .insertInto('site_config')
    .values({ id: 'site', data: '{}', timestamp: ts })
    .onConflict((oc) => oc.column('id').doUpdateSet({ timestamp: ts }))
    .execute();
}

export async function saveNavItem(db: Db, bus: Invalidation, item: NavItem & { _id?: string }): Promise<NavItemsTable> {
  const row: NavItemsTable = {
    id: item._id && item._id !== 'new' ? item._id : `nav-${crypto.randomBytes(6).toString('hex')}`,
    title: item.title,
    url: item.url,
    key: item.key || null,
    icon: item.icon || null,
    cssclass: item.cssclass || null,
    groups: json([...new Set(item.groups)]),
    order: item.order ?? 0,
    lang: item.lang || null,
  };
  const { id, ...fields } = row;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('nav_items')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
    await touchSiteVersion(trx);
  });
  await bus.publish(SITE_TOPIC);
  return { id, ...fields };
}

export async function removeNavItem(db: Db, bus: Invalidation, id: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('nav_items').where('id', '=', id).execute();
    await touchSiteVersion(trx);
  });
  await bus.publish(SITE_TOPIC);
}
