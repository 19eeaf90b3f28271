import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from '../../fixtures/portal';
import { SAML_PROVIDER } from '../../fixtures/saml-provider';
import { expect, test } from '../../fixtures/test';

/** The provider posts people back to the portal's public address (PUBLIC_URL, localhost in the browser tests). */
const PORTAL = `http://localhost:${process.env.E2E_PORT}`;
test.use({ baseURL: PORTAL });

const CONNECTION = 'Northbridge ADFS';

async function signInThroughAdfs(browser: Browser, language: 'en' | 'fr', email: string, person: string) {
  const context = await browser.newContext({ baseURL: PORTAL, locale: language === 'fr' ? 'fr-CA' : 'en-CA' });
  const page = await context.newPage();
  await page.goto('/#/login');
  const french = language === 'fr';
  await page.getByRole('button', { name: french ? 'Se connecter avec votre organisation' : 'Sign in with your organisation' }).click();
  await page.getByRole('textbox', { name: french ? 'Adresse courriel professionnelle' : 'Work e-mail address' }).fill(email);
  await page.getByRole('button', { name: french ? 'Continuer vers votre organisation' : 'Continue to your organisation' }).click();
  // The organisation's own sign-on page, then its signed answer posted back to the portal.
  await expect(page.getByRole('heading', { name: 'Northbridge sign-in' })).toBeVisible();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  return { context, page };
}

test('An administrator connects the bank’s ADFS by its metadata; its people sign in through it by SAML, in French and in English', async ({
  page,
  browser,
}) => {
  await signIn(page, 'demo.admin', 'Alex');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Identity Providers' }).click();
  const existing = page.getByRole('region', { name: CONNECTION });
  if ((await existing.count()) > 0) {
    await existing.getByRole('button', { name: `Remove ${CONNECTION}` }).click();
    await page.getByRole('dialog', { name: 'Remove this connection?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(existing).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Add a connection' }).click();
  const form = page.getByRole('dialog', { name: 'Connect an identity provider' });
  await form.getByText('SAML 2.0', { exact: true }).click();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CONNECTION);
  const metadata = await (await fetch(`${SAML_PROVIDER.base}/metadata`)).text();
  await form.getByRole('textbox', { name: 'Identity provider metadata (XML)' }).fill(metadata);
  await form.getByRole('textbox', { name: 'E-mail domains', exact: true }).fill(SAML_PROVIDER.domain);
  await form.getByRole('switch', { name: /Skip the portal’s one-time code/ }).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save the connection' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('region', { name: CONNECTION });
  await expect(card).toContainText(SAML_PROVIDER.entityId);
  await expect(card).toContainText(`${PORTAL}/auth/saml/acs`);

  const french = await signInThroughAdfs(browser, 'fr', 'lea.morin@northbridge-adfs.example', 'Léa Morin');
  await expect(french.page.getByRole('heading', { name: 'Bienvenue, Léa' })).toBeVisible();
  await french.context.close();

  const english = await signInThroughAdfs(browser, 'en', 'noah.clark@northbridge-adfs.example', 'Noah Clark');
  await expect(english.page.getByRole('heading', { name: 'Welcome, Noah' })).toBeVisible();
  await english.context.close();
});
