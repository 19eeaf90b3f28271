import type { Browser, Page } from '@playwright/test';
import { IDENTITY_PROVIDER } from '../../fixtures/identity-provider';
import { codeOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, signIn } from '../../fixtures/portal';
import { expect, test } from '../../fixtures/test';

/**
 * The provider sends people back to the portal's public address (PUBLIC_URL, localhost in the
 * browser tests): the sign-in starts there, so that the cookie binding its state comes back.
 */
const PORTAL = `http://localhost:${process.env.E2E_PORT}`;
test.use({ baseURL: PORTAL });

const CONNECTION = 'Northbridge directory';

/** Opens the identity providers screen through the top bar, as an administrator would. */
async function openIdentityProviders(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Identity Providers' }).click();
  await expect(page.getByRole('heading', { name: 'Identity providers', level: 1 })).toBeVisible();
}

/** A visitor's browser at the login screen, in the language its browser asks for. */
async function loginScreen(browser: Browser, language: 'en' | 'fr') {
  const context = await browser.newContext({ baseURL: PORTAL, locale: language === 'fr' ? 'fr-CA' : 'en-CA' });
  const page = await context.newPage();
  await page.goto('/#/login');
  return { context, page };
}

test('An administrator connects the bank’s identity provider; its people sign in through it, in French without the portal’s code and in English with it, and log out of both', async ({
  page,
  browser,
}) => {
  await signIn(page, 'demo.admin', 'Alex');
  await openIdentityProviders(page);
  // A run repeated on the same portal starts from no connection: removing one is part of the screen.
  const existing = page.getByRole('region', { name: CONNECTION });
  if ((await existing.count()) > 0) {
    await existing.getByRole('button', { name: `Remove ${CONNECTION}` }).click();
    await page.getByRole('dialog', { name: 'Remove this connection?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(existing).toHaveCount(0);
  }
  await expect(page.getByRole('status')).toContainText('No identity provider is connected');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add a connection' }).click();
  const form = page.getByRole('dialog', { name: 'Connect an identity provider' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CONNECTION);
  await form.getByRole('textbox', { name: 'Issuer', exact: true }).fill(IDENTITY_PROVIDER.issuer);
  await form.getByRole('textbox', { name: 'Client ID', exact: true }).fill(IDENTITY_PROVIDER.clientId);
  await form.getByLabel('Client secret').fill(IDENTITY_PROVIDER.clientSecret);
  await form.getByRole('textbox', { name: 'E-mail domains', exact: true }).fill(IDENTITY_PROVIDER.domain);
  await form.getByRole('switch', { name: /Skip the portal’s one-time code/ }).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save the connection' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('region', { name: CONNECTION });
  await expect(card).toContainText(IDENTITY_PROVIDER.domain);
  await expect(card).toContainText(`${PORTAL}/auth/oidc/callback`);

  // In French, a person whose organisation signed it in with two factors.
  const french = await loginScreen(browser, 'fr');
  await french.page.getByRole('button', { name: 'Se connecter avec votre organisation' }).click();
  await french.page.getByRole('textbox', { name: 'Adresse courriel professionnelle' }).fill('ines.roy@northbridge.example');
  await expectNoSeriousA11yViolations(french.page);
  const accountStatus = french.page.waitForResponse((response) => response.url().includes('/login/account-status'));
  await french.page.getByRole('button', { name: 'Continuer vers votre organisation' }).click();
  await expect(french.page.getByRole('heading', { name: 'Bienvenue, Inès' })).toBeVisible();
  // Signed in by its organisation: no password to choose here, so no dialog asks for one.
  expect(await (await accountStatus).json()).toMatchObject({ accountStatus: { MustSetPassword: false, PasswordExpired: false } });
  await expect(french.page.getByRole('dialog')).toHaveCount(0);
  await french.context.close();

  // The bank's provider provisions through SCIM with the connection's token, made on the screen and shown once.
  await card.getByRole('button', { name: `Provisioning of ${CONNECTION}` }).click();
  const provisioning = page.getByRole('dialog', { name: `Provisioning (SCIM): ${CONNECTION}` });
  await provisioning.getByRole('button', { name: 'Make a token' }).click();
  const token = await provisioning.getByTestId('scim-token').inputValue();
  expect(token).toMatch(/^scim_/);
  await expectNoSeriousA11yViolations(page);
  const found = await fetch(`${PORTAL}/scim/v2/Users?filter=${encodeURIComponent('userName eq "ines.roy@northbridge.example"')}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(found.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(await found.json()).toMatchObject({
    totalResults: 1,
    Resources: [{ name: { givenName: 'Inès', familyName: 'Roy' }, active: true }],
  });
  await provisioning.getByRole('button', { name: 'Done' }).click();

  // In English, a person signed in with one factor: the portal asks its own code, by e-mail.
  const english = await loginScreen(browser, 'en');
  const mailsBefore = (await readMailbox('owen.park@northbridge.example')).length;
  await english.page.getByRole('button', { name: 'Sign in with your organisation' }).click();
  await english.page.getByRole('textbox', { name: 'Work e-mail address' }).fill('owen.park@northbridge.example');
  await english.page.getByRole('button', { name: 'Continue to your organisation' }).click();
  await expect(english.page).toHaveURL(/#\/mfaCodeValidation/);
  const mail = await waitForMail('owen.park@northbridge.example', mailsBefore);
  await english.page.getByLabel('Verification code').fill(codeOf(mail));
  await english.page.getByRole('button', { name: 'Validate' }).click();
  await expect(english.page.getByRole('heading', { name: 'Welcome, Owen' })).toBeVisible();

  // Logging out ends the session at the organisation too: its provider asks, then sends the browser back.
  await english.page.getByRole('button', { name: /Account menu/ }).click();
  await english.page.getByRole('menuitem', { name: 'Log Out' }).click();
  await english.page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(english.page).toHaveURL(new RegExp(`^${IDENTITY_PROVIDER.issuer}/session/end`));
  await english.page.getByRole('button', { name: /Yes, sign me out/ }).click();
  await expect(english.page).toHaveURL(new RegExp(`^${PORTAL}/#/login`));
  expect((await english.page.request.get('/login/account-status')).status()).toBe(401);
  await english.context.close();

  // An address no connection serves is told so, and nothing else happens.
  const stranger = await loginScreen(browser, 'en');
  await stranger.page.getByRole('button', { name: 'Sign in with your organisation' }).click();
  await stranger.page.getByRole('textbox', { name: 'Work e-mail address' }).fill('someone@elsewhere.example');
  await stranger.page.getByRole('button', { name: 'Continue to your organisation' }).click();
  await expect(stranger.page.getByTestId('organisation-error')).toContainText('No organisation signs in with this address here.');
  await stranger.context.close();
});

test('@mobile On a phone, the login screen offers the organisation’s sign-in, and the administrator reads the bank’s connection', async ({
  page,
}) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Sign in with your organisation' }).click();
  await expect(page.getByRole('textbox', { name: 'Work e-mail address' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await signIn(page, 'demo.admin', 'Alex');
  await page.goto('/#/identity-providers');
  await expect(page.getByRole('heading', { name: 'Identity providers', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: CONNECTION })).toContainText(IDENTITY_PROVIDER.domain);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
