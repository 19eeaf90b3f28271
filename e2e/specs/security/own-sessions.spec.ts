import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, openSettingsTab } from '../../fixtures/portal';
import { findUserRow, openUserManagement } from '../../fixtures/user-management';

test('A person sees where they are signed in, signs another browser out from Settings, and that browser is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  // The same person in a second browser of its own.
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, 'demo.internal', 'Morgan');
  await signIn(page, 'demo.internal', 'Morgan');

  const dialog = await openSettingsTab(page, 'Devices');
  const sessions = dialog.getByTestId('own-session');
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  const others = sessions.filter({ hasNotText: 'This device' });
  await expect(others.first()).toBeVisible();
  const before = await sessions.count();
  // The recent sign-ins show both of today's, each with its code's channel.
  await expect
    .poll(() => dialog.getByTestId('sign-in-attempt').filter({ hasText: 'Signed in, code by e-mail' }).count())
    .toBeGreaterThanOrEqual(2);
  await expectNoSeriousA11yViolations(page);

  // Asked first: Cancel changes nothing.
  const signOutOthers = dialog.getByRole('button', { name: 'Sign out everywhere else' });
  await signOutOthers.click();
  const question = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await expect(question).toContainText(before === 2 ? 'The other device' : `The ${before - 1} other devices`);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(sessions).toHaveCount(before);
  // On a short window the button is far below the banner: the banner still comes into sight.
  await page.setViewportSize({ width: 1280, height: 420 });
  await signOutOthers.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await signOutOthers.click();
  await question.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(dialog.getByTestId('settings-banner')).toContainText(`${before - 1} other session`);
  await expect(dialog.getByTestId('settings-banner')).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(sessions).toHaveCount(1);
  await expect(dialog.getByText('You are signed in on this device only.')).toBeVisible();

  // The other browser's next call is refused: it is sent back to the sign-in page.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/#\/login/);
  await expect(otherPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await elsewhere.close();

  // In French too.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.getByRole('button', { name: /Menu du compte/ }).click();
  await page.getByRole('menuitem', { name: 'Paramètres' }).click();
  const enFrancais = page.getByRole('dialog', { name: 'Paramètres' });
  await enFrancais.getByRole('tab', { name: 'Appareils' }).click();
  await expect(enFrancais.getByText('Où vous êtes connecté')).toBeVisible();
  await expect(enFrancais.getByText('Cet appareil', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('An administrator sees where a customer is signed in and signs them out everywhere', async ({ page, browser, baseURL }) => {
  const customerContext = await browser.newContext({ baseURL });
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, 'demo.user', 'Camille');

  await signIn(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  const row = await findUserRow(page, 'demo.user');
  await row.getByRole('button', { name: /^Sessions of Camille/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Where Camille .* is signed in$/ });
  await expect(dialog.getByTestId('own-session').first()).toBeVisible();
  await expect(dialog.getByText('This device')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(dialog.getByTestId('user-sessions-ended')).toContainText('was signed out of');
  await expect(dialog.getByText(/is not signed in anywhere/)).toBeVisible();

  await customerPage.reload();
  await expect(customerPage).toHaveURL(/#\/login/);
  await customerContext.close();
});
