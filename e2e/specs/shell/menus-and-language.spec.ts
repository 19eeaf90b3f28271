import { expect, test } from '../../fixtures/test';
import { openHomeAs } from '../../fixtures/portal';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('An administrator sees User Management; a plain user does not, even by typing the route', async ({ page }) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await expect(nav(page).getByRole('link', { name: 'User Management' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Yes' }).click();

  await openHomeAs(page, 'demo.user', 'Camille');
  await expect(nav(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'FAQ' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await page.goto('/#/userManagement');
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();
});

test('A super user sees both User Management and Reports', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await expect(nav(page).getByRole('link', { name: 'User Management' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveText('SG');
});

test('Switching to French changes the visible text, the lang cookie and the page language', async ({ page, context }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenue, Camille' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /navigation principale/i }).getByRole('link', { name: 'Accueil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'lang')?.value).toBe('fr');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bienvenue, Camille' })).toBeVisible();
});

test('The login page switches language with its toggle', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel("Nom d'utilisateur", { exact: true })).toBeVisible();
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('@mobile On a phone, a drawer replaces the buttons and has no User Management', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'FAQ' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: /Log Out/ })).toBeVisible();
});

test('Switching language keeps what was typed and the open list', async ({ page }) => {
  // On the login page, before signing in.
  await page.goto('/#/login');
  await page.getByLabel('Username', { exact: true }).fill('demo.user');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel("Nom d'utilisateur", { exact: true })).toHaveValue('demo.user');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // Signed in, with a list open and a search typed but not sent.
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const search = page.getByRole('search', { name: 'Search Account statements' });
  await search.getByRole('textbox', { name: 'Search text' }).fill('100200');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  const recherche = page.getByRole('search', { name: 'Rechercher dans Relevés de compte' });
  await expect(recherche.getByRole('textbox', { name: 'Texte recherché' })).toHaveValue('100200');
  await expect(page.getByRole('region', { name: 'Relevés de compte', exact: true }).getByTestId('document-row').first()).toBeVisible();
  // The demo user's language as it was, for the other specs.
  await page.getByRole('button', { name: /Menu du compte/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('Moving to another page keeps the shell: an account menu opened while the page arrives stays open', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const topBar = page.getByRole('banner');
  await topBar.evaluate((element) => element.setAttribute('data-drawn-before-move', ''));
  // The FAQ's file is held back, so the menu is opened while the old page is still shown.
  let releaseFaq = () => {};
  const faqHeld = new Promise<void>((resolve) => (releaseFaq = resolve));
  await page.route('**/assets/faq-page-*.js', async (route) => {
    await faqHeld;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Français' })).toBeVisible();
  releaseFaq();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Français' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveAttribute('data-drawn-before-move', '');
});
