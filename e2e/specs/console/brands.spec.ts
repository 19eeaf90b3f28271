import { expect, test, type Page } from '../../fixtures/test';
import { solidPng } from '../../../test-support/png';
import { switchSignedInLanguage } from '../../fixtures/accessibility-matrix';
import { expectNoSeriousA11yViolations, openHomeAs, openLogin } from '../../fixtures/portal';

const PRIMARY = /^Primary \(buttons, links\)$/;

async function openConsoleBrands(page: Page, experience: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Console' }).click();
  await expect(page.getByRole('heading', { name: 'Tenant console', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Brands' }).click();
  await page.getByRole('textbox', { name: 'Experience' }).click();
  await page.getByRole('option', { name: experience }).click();
  await expect(page.getByRole('textbox', { name: 'Name in English', exact: true })).toBeVisible();
}

test('A super user’s failing primary colour is refused with the pairs named; the offered shade is saved and the sign-in page shows it', async ({
  page,
  browser,
}) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Console' }).click();
  // The console opens on its clients, whose texts the demo has in both languages.
  await expect(page.getByRole('textbox', { name: 'Name in French', exact: true })).toHaveValue(/Northbridge/);
  await expect(page.getByText('Every text of this client is in English and in French.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openConsoleBrands(page, /^NBW · /);
  const primary = page.getByRole('textbox', { name: PRIMARY });
  const original = await primary.inputValue();
  await expect(page.getByText('Every pair passes')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await primary.fill('#8fc1f0');
  await expect(page.getByText('2 pairs fail')).toBeVisible();
  // The preview flags the failing parts in both languages.
  await expect(page.locator('[data-brand-preview="en-desktop"] [data-failing="true"]')).toHaveCount(3);
  await expect(page.locator('[data-brand-preview="fr-desktop"] [data-failing="true"]')).toHaveCount(3);
  await page.getByRole('button', { name: 'Save the brand' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'WCAG 2.2 AA' });
  await expect(refusal).toContainText('Links:');
  await expect(refusal).toContainText('Buttons against cards:');
  await expectNoSeriousA11yViolations(page);

  const useShade = page.getByRole('button', { name: /^Use #[0-9a-f]{6} for Primary/ });
  const shade = /#[0-9a-f]{6}/.exec((await useShade.textContent()) ?? '')![0];
  await useShade.click();
  await expect(primary).toHaveValue(shade);
  await expect(page.getByText('Every pair passes')).toBeVisible();
  await page.getByRole('button', { name: 'Save the brand' }).click();
  await expect(page.getByText('Brand NBW saved.')).toBeVisible();

  // A visitor of that experience, in a browser of its own, sees the new shade on the sign-in page.
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await openLogin(visitorPage, '?exp=NBW');
    await expect
      .poll(() => visitorPage.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim()))
      .toBe(shade);
  } finally {
    await visitor.close();
  }

  // The demo brand as it was, for the other specs.
  await primary.fill(original);
  await page.getByRole('button', { name: 'Save the brand' }).click();
  await expect(page.getByText('Brand NBW saved.').last()).toBeVisible();
  await expect(primary).toHaveValue(original);
});

test('A super user adds an English logo, is told an SVG is refused, and removes the logo again', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  // An experience with one logo for both languages.
  await openConsoleBrands(page, /^NBI · /);
  const logoEn = page.locator('[data-image="logo-en"]');
  await expect(logoEn).toContainText('None: the other logo is shown.');

  await logoEn.locator('input[type="file"]').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'SVG images are not accepted' })).toBeVisible();

  await logoEn.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(160, 48) });
  await expect(page.getByText('Logo in English saved.')).toBeVisible();
  const image = logoEn.getByRole('img', { name: 'Logo in English as it is now' });
  await expect(image).toHaveAttribute('src', /^\/branding\/NBI\/logo-en\?v=[0-9a-f]{16}$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(160);
  await expectNoSeriousA11yViolations(page);

  await logoEn.getByRole('button', { name: 'Remove: Logo in English' }).click();
  await expect(page.getByText('Logo in English removed.')).toBeVisible();
  await expect(logoEn).toContainText('None: the other logo is shown.');
  // The required images offer no removal.
  await expect(page.locator('[data-image="favicon"]').getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});

test('@mobile On a phone, the brand editor fits the screen and previews at phone width', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await page.goto('/#/console/brands');
  await expect(page.getByRole('textbox', { name: PRIMARY })).toBeVisible();
  await expect(page.locator('[data-brand-preview="en-phone"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test('The brand preview speaks English and French whichever language the console is in', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openConsoleBrands(page, /^NBW · /);
  const english = page.locator('[data-brand-preview="en-desktop"]');
  const french = page.locator('[data-brand-preview="fr-desktop"]');
  await expect(english).toContainText('Sign in');
  await expect(french).toContainText('Connexion');
  await expect(french).toContainText('Mot de passe oublié ?');
  await expect(french).not.toContainText('Sign in');

  await switchSignedInLanguage(page, false, 'fr');
  try {
    await expect(page.getByRole('textbox', { name: 'Nom en anglais', exact: true })).toBeVisible();
    await expect(english).toContainText('Sign in');
    await expect(english).toContainText('Forgot your password?');
    await expect(english).not.toContainText('console.brands.preview');
    await expect(french).toContainText('Connexion');
  } finally {
    await switchSignedInLanguage(page, false, 'en');
  }
});
