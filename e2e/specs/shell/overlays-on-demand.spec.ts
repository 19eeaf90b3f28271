import { recordScripts } from '../../fixtures/page-scripts';
import { openHomeAs } from '../../fixtures/portal';
import { expect, test } from '../../fixtures/test';

/**
 * A text key each overlay's own code names (the build keeps string literals as they are): a
 * script holding it carries that overlay.
 */
const OVERLAY_CODE = {
  drawer: 'shell.drawerTitle',
  settings: 'settings.tabs.sessions',
  logout: 'shell.logoutQuestion',
  list: 'documents.closePanel',
  onboarding: 'onboarding.title',
};

test('@mobile A phone’s dashboard is drawn without the code of its dialogs, drawer and lists; each arrives when first opened', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const scripts = recordScripts(page);
  // Everything fetched since the reload: overlays may share files, so one may come with another.
  let fetchedSoFar = '';
  const fetched = async () => (fetchedSoFar += (await scripts.take()).join('\n'));
  const hasFetched = async (marker: string) => (await fetched()).includes(marker);

  // Opened afresh, the dashboard fetches none of them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const atLoad = await fetched();
  expect(atLoad.length).toBeGreaterThan(0);
  for (const marker of Object.values(OVERLAY_CODE)) expect(atLoad.includes(marker), marker).toBe(false);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  expect(await hasFetched(OVERLAY_CODE.drawer), OVERLAY_CODE.drawer).toBe(true);

  await drawer.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  expect(await hasFetched(OVERLAY_CODE.settings), OVERLAY_CODE.settings).toBe(true);
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('button', { name: /Log Out/ }).click();
  const logout = page.getByRole('dialog', { name: 'Log out' });
  await expect(logout).toBeVisible();
  expect(await hasFetched(OVERLAY_CODE.logout), OVERLAY_CODE.logout).toBe(true);
  await logout.getByRole('button', { name: 'No' }).click();
  await expect(logout).toBeHidden();

  await page.getByRole('button', { name: /Account statements/ }).click();
  await expect(page.getByRole('region', { name: 'Account statements', exact: true })).toBeVisible();
  expect(await hasFetched(OVERLAY_CODE.list), OVERLAY_CODE.list).toBe(true);

  await page.getByRole('button', { name: 'Add a subscription' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a subscription' })).toBeVisible();
  expect(await hasFetched(OVERLAY_CODE.onboarding), OVERLAY_CODE.onboarding).toBe(true);
});
