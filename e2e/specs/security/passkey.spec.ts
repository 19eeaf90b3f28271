import { expect, test } from '@playwright/test';
import { codeOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, signIn, signInWithForm, openSettingsTab } from '../../fixtures/portal';
import { logOut } from '../../fixtures/user-management';

/** A customer no other browser test signs in as: this test gives them a passkey. */
const USERNAME = 'thomas.smith.8';
const FIRST_NAME = 'Thomas';

/**
 * Passkeys are for secure origins: `localhost` is one over plain HTTP, an IP address is not.
 * The portal's public address (PUBLIC_URL, the relying party) is localhost in the browser tests.
 */
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT}` });

test('A person adds a passkey in Settings after a code, signs in with it instead of the code, and removes it', async ({ page }) => {
  // Chromium's virtual authenticator (DevTools' WebAuthn domain): a platform authenticator that
  // verifies its user at once, as a phone's fingerprint reader would.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signIn(page, USERNAME, FIRST_NAME);
  const settings = await openSettingsTab(page, 'Devices');
  await expect(settings.getByText('No passkey yet')).toBeVisible();
  const mailsBefore = (await readMailbox(`${USERNAME}@example.com`)).length;
  await settings.getByRole('button', { name: 'Add a passkey' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a passkey' });
  const mail = await waitForMail(`${USERNAME}@example.com`, mailsBefore);
  expect(mail.subject).toBe('Your code to add a passkey');
  await expect(adding.getByTestId('passkey-code-target')).toContainText('t***@example.com');
  await adding.getByLabel('Verification code').fill(codeOf(mail));
  await adding.getByLabel('Name of the passkey').fill('Work laptop');
  await expectNoSeriousA11yViolations(page);
  await adding.getByRole('button', { name: 'Create the passkey' }).click();
  await expect(adding).toBeHidden();
  await expect(settings.getByTestId('settings-banner')).toContainText('The passkey Work laptop was added');
  await expect(settings.getByTestId('passkey')).toHaveCount(1);
  await expect(settings.getByTestId('passkey')).toContainText('not used yet');
  const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await logOut(page);

  // The code step offers the passkey; the code mailed is never typed.
  await signInWithForm(page, USERNAME);
  await expect(page).toHaveURL(/#\/mfaCodeValidation/);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey instead' });
  await expect(usePasskey).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await usePasskey.click();
  await expect(page.getByRole('heading', { name: `Welcome, ${FIRST_NAME}` })).toBeVisible();

  const after = await openSettingsTab(page, 'Devices');
  await expect(after.getByTestId('passkey')).toContainText('last used');
  await expect(after.getByTestId('sign-in-attempt').first()).toContainText('Signed in, passkey');
  await after.getByRole('button', { name: 'Rename the passkey Work laptop' }).click();
  const renaming = page.getByRole('dialog', { name: 'Rename the passkey' });
  await renaming.getByLabel('Name of the passkey').fill('Home desktop');
  await renaming.getByRole('button', { name: 'Save' }).click();
  await expect(after.getByTestId('passkey')).toContainText('Home desktop');
  await after.getByRole('button', { name: 'Remove the passkey Home desktop' }).click();
  await expect(after.getByText('No passkey yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await logOut(page);

  // Removed: the code step no longer offers it.
  await signInWithForm(page, USERNAME);
  await expect(page).toHaveURL(/#\/mfaCodeValidation/);
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a passkey instead' })).toHaveCount(0);
});

test('@mobile On a phone, in French, adding a passkey starts with the code, full screen and readable', async ({ page }) => {
  await signIn(page, USERNAME, FIRST_NAME);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: `Bienvenue, ${FIRST_NAME}` })).toBeVisible();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Paramètres' }).click();
  const settings = page.getByRole('dialog', { name: 'Paramètres' });
  await settings.getByRole('tab', { name: 'Appareils' }).click();
  await expect(settings.getByRole('heading', { name: 'Clés d’accès' })).toBeVisible();
  const mailsBefore = (await readMailbox(`${USERNAME}@example.com`)).length;
  await settings.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  const adding = page.getByRole('dialog', { name: 'Ajouter une clé d’accès' });
  await expect(adding.getByLabel('Code de vérification')).toBeFocused();
  await expect(adding.getByTestId('passkey-code-target')).toContainText('Pour confirmer que c’est bien vous');
  await waitForMail(`${USERNAME}@example.com`, mailsBefore);
  const width = page.viewportSize()!.width;
  expect((await adding.getByRole('button', { name: 'Créer la clé d’accès' }).boundingBox())!.x).toBeLessThan(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousA11yViolations(page);
  // Without a name the form says so, in French, before the browser is asked anything.
  await adding.getByRole('button', { name: 'Créer la clé d’accès' }).click();
  await expect(adding.getByText('Ce champ est obligatoire.').first()).toBeVisible();
});
