import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { useFixture } from './fixture-hooks.js';
import { column, openUsageFixture, readSheet } from './usage-reports-fixture.js';
import { answerOf } from './wire.js';

const usage = useFixture(openUsageFixture);

describe('language', () => {
  it('writes titles, headers and words in French when the session speaks French', async () => {
    const cookie = usage.cookies['demo.super']!;
    const setLang = (lang: string) => usage.t.app.inject({ url: `/Localisation/SetLang?lang=${lang}`, headers: { cookie } });
    expect((await setLang('fr')).statusCode).toBe(200);
    try {
      const connection = await readSheet(await usage.generate(cookie, { clientIds: [usage.ids.lau], emailContains: 'usage.' }));
      expect(connection.name).toBe('Connexions');
      expect(connection.headers.slice(0, 3)).toEqual(['Date et heure (UTC+00:00)', 'Résultat', "Nom d'utilisateur"]);
      expect(connection.rows[0]!.slice(1, 2)).toEqual(['Connecté']);
      expect(connection.rows[0]!.slice(6, 9)).toEqual(['Client', 'Services publics Laurentiens', 'Énergie Laurentienne']);
      const users = await readSheet(
        await usage.generate(cookie, { type: 'users', clientIds: [usage.ids.nbf], emailContains: 'usage.gone' }),
      );
      expect(users.name).toBe('Utilisateurs');
      expect(column(users, 'Statut')).toEqual(['Supprimé']);
      expect(column(users, 'Langue')).toEqual(['Anglais']);
      const definitions = answerOf(
        endpoints.usageReportDefinitions,
        await usage.t.app.inject({ url: '/reports/definitions', headers: { cookie } }),
      ).items;
      expect(definitions.map((d) => d.Title)).toEqual(['Connexions', 'Utilisateurs', 'Nouveaux utilisateurs']);
      const clients = answerOf(
        endpoints.usageReportClients,
        await usage.t.app.inject({ url: '/reports/clients', headers: { cookie } }),
      ).items;
      expect(clients.map((c) => c.Name)).toEqual(['Financière Northbridge', 'Services publics Laurentiens']);
    } finally {
      await setLang('en');
    }
  });
});
