/** Loads the UI label translations shipped in src/domain/i18n into the localisation table. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../context.ts';

const I18N_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../domain/i18n');

export function shippedTranslations(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  if (!fs.existsSync(I18N_DIR)) return out;
  // <lang>.json plus per-feature <lang>.<feature>.json files, merged.
  for (const file of fs.readdirSync(I18N_DIR).sort()) {
    const m = /^([a-z]{2})(\.[\w-]+)?\.json$/.exec(file);
    if (m) out[m[1]] = { ...out[m[1]], ...JSON.parse(fs.readFileSync(path.join(I18N_DIR, file), 'utf8')) };
  }
  return out;
}

/** Adds labels new in this version; translations an admin edited stay as they are. */
export async function syncLabels(ctx: AppContext): Promise<number> {
  let added = 0;
  for (const [lang, labels] of Object.entries(shippedTranslations())) added += await ctx.site.addMissingLabels(lang, labels);
  return added;
}
