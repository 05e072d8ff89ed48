/**
 * Countries: only the site's list is accepted on registration and profile save, stored as ISO codes
 * (a name in any of the six languages is turned into its code); stored names are migrated to codes;
 * the reports name them.
 */
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildUser, roleClients, signedInUser } from '../../testing/factories.ts';
import { findUserById } from './users.repository.ts';
import { MSG } from '../../../domain/messages.ts';
import { countryName, countryOptions, toCountryCode } from '../../../domain/countries.ts';
import { up as migrateCountries } from '../../db/migrations/017-country-codes.ts';

const registration = (country: unknown) => {
  const email = `c-${Math.random().toString(36).slice(2, 8)}@example.org`;
  return {
    firstname: 'Nadia',
    lastname: 'Haddad',
    email,
    confirmemail: email,
    city: 'Cairo',
    country,
    password: 'Secret-123',
    confirmpassword: 'Secret-123',
    terms: true,
  };
};

describe('country names', () => {
  it('names and sorts countries in each of the six languages', () => {
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('ES', 'pt')).toBe('Espanha');
    expect(countryName('ES', 'fr')).toBe('Espagne');
    expect(countryName('ES', 'de')).toBe('Spanien');
    expect(countryName('ES', 'ar')).toBe('إسبانيا');
    expect(countryName('ES', 'en')).toBe('Spain');
    expect(countryOptions(['ES', 'DE', 'EG', 'AT'], 'de').map((o) => o.value)).toEqual(['EG', 'DE', 'AT', 'ES']);
    expect(countryOptions(['ES', 'DE', 'EG', 'AT'], 'es').map((o) => o.label)).toEqual(['Alemania', 'Austria', 'Egipto', 'España']);
    expect(countryName('Atlantis', 'es')).toBe('Atlantis');
  });
  it('turns names in any of the six languages into codes, and nothing else', () => {
    for (const [name, code] of [
      ['Spain', 'ES'],
      ['España', 'ES'],
      ['Allemagne', 'DE'],
      ['مصر', 'EG'],
      ['Brasil', 'BR'],
      ["Côte d'Ivoire", 'CI'],
      ['ke', 'KE'],
    ]) {
      expect(toCountryCode(name), name).toBe(code);
    }
    for (const bad of ['Atlantis', '', 'XX', 'Spain!']) expect(toCountryCode(bad), bad).toBeNull();
  });
});

describeEachEngine('countries', (server) => {
  it('registration accepts a country of the list as code or name and stores the code', async () => {
    const byCode = await server().client().post('/app_users/register', registration('ES'));
    expect(byCode.status).toBe(200);
    expect((await findUserById(server().ctx.db, byCode.body.user._id))!.country).toBe('ES');
    const byName = await server().client().post('/app_users/register', registration('Égypte'));
    expect(byName.status).toBe(200);
    expect(byName.body.user.country).toBe('EG');
  });

  it('registration refuses a country that is not on the list, creating nothing', async () => {
    const body = registration('Atlantis');
    const r = await server().client().post('/app_users/register', body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ message: MSG.countryNotInList, fields: { country: MSG.countryNotInList } });
    expect(await server().ctx.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });

  it('profile save accepts list countries, refuses others and keeps the stored one', async () => {
    const { user, client } = await signedInUser(server(), { country: 'KE' });
    const bad = await client.post('/app_users/save', { _id: user.id, country: 'Atlantis' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ country: MSG.countryNotInList });
    expect((await findUserById(server().ctx.db, user.id))!.country).toBe('KE');
    const good = await client.post('/app_users/save', { _id: user.id, country: 'Germany' });
    expect(good.status).toBe(200);
    expect(good.body.country).toBe('DE');
    const cleared = await client.post('/app_users/save', { _id: user.id, country: '' });
    expect(cleared.status).toBe(200);
  });

  it('the site list set by an admin is stored as codes and limits the choice', async () => {
    const c = await roleClients(server());
    const bad = await c.admin.post('/app_admin/setConfig', { config: { countries: ['Kenya', 'Atlantis'] } });
    expect(bad.status).toBe(400);
    const r = await c.admin.post('/app_admin/setConfig', { config: { countries: ['Kenya', 'gh', 'Nigeria'] } });
    expect(r.status).toBe(200);
    expect((await server().client().get('/app_users/whoami')).body.config.countries).toEqual(['KE', 'GH', 'NG']);
    expect((await server().client().post('/app_users/register', registration('ES'))).status).toBe(400);
    expect((await server().client().post('/app_users/register', registration('Ghana'))).status).toBe(200);
    await c.admin.post('/app_admin/setConfig', { config: { countries: [] } });
  });

  it('the migration turns stored names into codes and leaves unknown text as typed', async () => {
    const { ctx } = server();
    const a = await buildUser(ctx, { country: 'Portugal' });
    const b = await buildUser(ctx, { country: 'Alemania' });
    const unknown = await buildUser(ctx, { country: 'Atlantis' });
    await ctx.db
      .updateTable('site_config')
      .set({ data: JSON.stringify({ countries: ['Kenya', 'Atlantis', 'KE'] }) })
      .where('id', '=', 'site')
      .execute();
    await migrateCountries(ctx.db, ctx.store.engine);
    expect((await findUserById(ctx.db, a.id))!.country).toBe('PT');
    expect((await findUserById(ctx.db, b.id))!.country).toBe('DE');
    expect((await findUserById(ctx.db, unknown.id))!.country).toBe('Atlantis');
    const row = await ctx.db.selectFrom('site_config').select('data').where('id', '=', 'site').executeTakeFirst();
    expect(JSON.parse(row!.data).countries).toEqual(['KE']);
  });

  it('the reports name the countries', async () => {
    const { ctx } = server();
    const admin = await signedInUser(server(), { roles: asRoles('admin'), country: 'EG' });
    const csv = await admin.client.get('/app_reports/countries.csv');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Egypt');
    expect(csv.body).not.toMatch(/^EG,/m);
    const users = await admin.client.get('/app_reports/users/users.csv');
    expect(users.body).toContain('Egypt');
    void ctx;
  });
});
