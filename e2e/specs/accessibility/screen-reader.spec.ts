import { expect, test, type Page } from '../../fixtures/test';
import { expectAnnounced } from '../../fixtures/announcements';
import { lookAtFirstPreview, openHomeAs, openLogin, signIn } from '../../fixtures/portal';

/**
 * What a screen reader's user relies on beyond axe's rules: a heading outline per page (one first
 * level heading, no level skipped, none empty), and outcomes read where they happen.
 */

/** The outline's faults: the page's headings outside dialogs, or the open dialog's own from its title down. */
async function outlineFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = [...document.querySelectorAll('[role="dialog"]')].at(-1);
    const scope = dialog ?? document.body;
    const headings = [...scope.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(
      (heading) => (dialog || !heading.closest('[role="dialog"]')) && heading.getClientRects().length > 0,
    );
    const levelOf = (heading: Element) => Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1));
    const faults: string[] = [];
    const firstLevels = headings.filter((heading) => levelOf(heading) === 1).length;
    if (!dialog && firstLevels !== 1) faults.push(`${firstLevels} first-level headings`);
    let previous = dialog ? levelOf(headings[0] ?? document.body) - 1 : 0;
    for (const heading of headings) {
      const level = levelOf(heading);
      const text = heading.textContent?.trim() ?? '';
      if (!text) faults.push(`an empty heading of level ${level}`);
      if (level > previous + 1) faults.push(`“${text}” is level ${level} after level ${previous}`);
      previous = level;
    }
    return faults;
  });
}

test('Every screen and dialog has a heading outline', async ({ page }) => {
  test.setTimeout(120_000);
  const faults: string[] = [];
  const judge = async (screen: string) => {
    for (const fault of await outlineFaults(page)) faults.push(`${screen}: ${fault}`);
  };
  const visit = async (screen: string, route: string) => {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await judge(screen);
  };

  await openLogin(page);
  await judge('login');
  await visit('forgot password', '/forgotPassword');
  await visit('registration', '/register');
  await signIn(page, 'demo.super', 'Sam', () => judge('code step'));
  await judge('dashboard');
  await page.getByRole('button', { name: /Account statements/ }).click();
  await expect(page.getByTestId('document-row').first()).toBeVisible();
  await judge('document list');
  await lookAtFirstPreview(page, () => judge('preview'));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await judge('settings');
  await page.keyboard.press('Escape');

  for (const [screen, route] of [
    ['FAQ', '/faq'],
    ['user management', '/userManagement'],
    ['usage reports', '/reports'],
    ['API keys', '/api-keys'],
    ['legal holds', '/legal-holds'],
    ['identity providers', '/identity-providers'],
    ['webhooks', '/webhooks'],
    ['console, clients', '/console/clients'],
    ['console, brands', '/console/brands'],
    ['console, document types', '/console/types'],
    ['console, FAQ and repository', '/console/help'],
    ['console, audit log', '/console/audit'],
  ] as const) {
    await visit(screen, route);
  }
  expect(faults).toEqual([]);
});

test('An error after a submit, the results of a search and the count of selected documents are read as they change', async ({ page }) => {
  // A refused password: an alert, read when it appears.
  await openLogin(page);
  await page.getByLabel('Username', { exact: true }).fill('demo.user');
  await page.getByLabel('Password', { exact: true }).focus();
  await page.keyboard.type('Wrong#Pass1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid|incorrect/i);

  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = page.getByRole('region', { name: 'Account statements', exact: true });
  await expect(panel.getByTestId('document-row').first()).toBeVisible();

  // The outcome of each search, in the list's region that stays while the list reloads.
  const outcome = panel.getByTestId('list-outcome');
  const search = panel.getByRole('search');
  await expectAnnounced(
    outcome,
    async () => {
      await search.getByLabel('Search text').fill('no-such-account');
      await search.getByRole('button', { name: 'Search' }).click();
    },
    /^The search found no document\.$/,
  );
  await expectAnnounced(
    outcome,
    async () => {
      await search.getByLabel('Search text').fill('NB-100200');
      await search.getByRole('button', { name: 'Search' }).click();
    },
    /^(1 document found|\d+ documents found, 1 to \d+ shown)\.$/,
  );
  await search.getByLabel('Search text').fill('');
  await search.getByRole('button', { name: 'Search' }).click();

  // The count of selected documents.
  const count = panel.getByTestId('selection-count');
  await expectAnnounced(count, () => panel.getByTestId('document-row').first().getByRole('checkbox').check(), /^1 selected$/);
  await expectAnnounced(count, () => panel.getByTestId('document-row').nth(1).getByRole('checkbox').check(), /^2 selected$/);
});
