import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../fixtures/portal';
import { fillUserInformation, newVisitor, stepTitle } from '../../fixtures/registration';

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
