import { openHomeAs } from '../../fixtures/portal';
import { expect, test } from '../../fixtures/test';

test('A screen whose file does not arrive says so, and a reload brings it', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  // The FAQ's own file fails to arrive, as on a dropped connection.
  await page.route('**/assets/faq-page-*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(alert).toBeVisible();

  await page.unroute('**/assets/faq-page-*.js');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
});

test('A part of a page whose file does not arrive leaves a notice, not an empty page', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();
  // The document list's file fails to arrive (the tiles do not need it).
  await page.route('**/assets/document-list-panel-*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /Account statements/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(alert).toBeVisible();

  // Going back to the previous page draws it: the notice belonged to the page that failed.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(alert).toBeHidden();
});
