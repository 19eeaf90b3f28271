import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/portal';
import { chooseOnlyType, enterRegistrationCode, fillUserInformation, newVisitor, stepTitle } from '../../fixtures/registration';

test('@mobile A visitor starts registering on a phone', async ({ page }) => {
  const visitor = newVisitor('Maya');
  await page.goto('/#/register');
  await expect(stepTitle(page)).toHaveText('Step 1 of 4: Your information');
  // Only the current step is named on screen; the list still names every step for screen readers.
  const steps = page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await expectNoSeriousA11yViolations(page);
  const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fitsTheScreen()).toBe(true);

  await fillUserInformation(page, visitor);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepTitle(page)).toHaveText('Step 2 of 4: Verification code');
  await expect(page.getByRole('textbox', { name: 'Verification code' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await fitsTheScreen()).toBe(true);

  // The wizard speaks French too, without losing its place.
  await page.getByTestId('language-toggle').click();
  await expect(stepTitle(page)).toHaveText('Étape 2 de 4 : Code de vérification');
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeVisible();
});

test('@mobile In French on a phone, owner details no document carries are marked at the last step, with what to check', async ({
  page,
}) => {
  const visitor = newVisitor('Inès');
  await page.goto('/#/register');
  await fillUserInformation(page, visitor);
  await page.getByRole('button', { name: 'Next' }).click();
  await enterRegistrationCode(page, visitor);
  await chooseOnlyType(page, 'Account statements');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepTitle(page)).toHaveText('Step 4 of 4: Your documents');

  await page.getByTestId('language-toggle').click();
  await expect(stepTitle(page)).toHaveText('Étape 4 de 4\u00a0: Vos documents');
  const statements = page.getByRole('group', { name: 'Relevés de compte' });
  await statements.getByRole('textbox', { name: 'Numéro de compte' }).fill('NB-999999');
  await statements.getByRole('textbox', { name: 'Code postal' }).fill('H2X 1Y4');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  const refusal = page.getByTestId('registration-error');
  await expect(refusal).toContainText('Les informations ne sont pas valides');
  await expect(refusal.getByTestId('check-details')).toHaveText(
    'Relevés de compte\u00a0: aucun document ne porte ces informations ensemble. Vérifiez «\u00a0Numéro de compte\u00a0» et «\u00a0Code postal\u00a0» tels qu’ils figurent sur l’un de vos documents.',
  );
  for (const name of ['Numéro de compte', 'Code postal']) {
    await expect(statements.getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    await expect(statements.getByRole('textbox', { name })).toHaveAccessibleDescription(/Vérifiez cette valeur sur votre document\./);
  }
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
