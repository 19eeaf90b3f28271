import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import { findUserRow, openUserManagement, userRows } from '../../fixtures/user-management';

test('A plain user has no User Management button and typing the route leads home', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await page.goto('/#/userManagement');
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('user-table')).toHaveCount(0);
});

test('The screen lists, searches, filters by role, sorts and pages the users', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openUserManagement(page);
  // Defaults: 25 rows, Id descending.
  await expect(page.getByRole('textbox', { name: 'Rows per page' })).toHaveValue('25');
  await expect(userRows(page)).toHaveCount(25);
  const idHeader = page.getByRole('columnheader', { name: 'Id' });
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  const ids = async () => (await userRows(page).locator('td:first-child').allTextContents()).map(Number);
  const firstPage = await ids();
  expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));
  await expect(page.getByTestId('total-users')).toHaveText(/^\d+ users$/);

  await idHeader.getByRole('button').click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  const isAscending = (list: number[]) => list.every((id, index) => index === 0 || list[index - 1]! < id);
  await expect.poll(async () => isAscending(await ids())).toBe(true);
  const ascending = await ids();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(async () => Math.min(...(await ids()))).toBeGreaterThan(Math.max(...ascending));

  // The filter chips are the roles a super user may see, with the spec's labels.
  const filters = page.getByRole('group', { name: 'Filter by role' });
  for (const label of ['user', 'customer service', 'admin', 'internal', 'super user']) {
    await expect(filters.getByText(label, { exact: true })).toBeVisible();
  }
  await filters.getByText('internal', { exact: true }).click();
  await expect(userRows(page)).toHaveCount(1);
  await expect(userRows(page).first()).toContainText('demo.internal');
  await expect(page.getByTestId('total-users')).toHaveText('1 user');
  await filters.getByText('internal', { exact: true }).click();

  await findUserRow(page, 'lau.admin');
  await expect(page.getByLabel('Search users')).toHaveAttribute('maxlength', '255');
});

test('The screen and the report-access dialog have no serious accessibility violation', async ({ page }) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await openUserManagement(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByTestId('new-user-row')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('new-user-row').getByRole('button', { name: 'Cancel' }).click();

  const row = await findUserRow(page, 'demo.user');
  await row.getByRole('button', { name: 'Report access of Camille Tremblay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report access – Camille Tremblay' });
  await expect(dialog.getByTestId('report-access-item').first()).toBeVisible();
  await expect(dialog.getByRole('group').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('@mobile On a phone the table scrolls sideways and offers at most 100 rows per page', async ({ page }) => {
  await openHomeAs(page, 'demo.admin', 'Alex');
  await page.goto('/#/userManagement');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await expect(userRows(page).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Rows per page' }).click();
  await expect(page.getByRole('option')).toHaveText(['10', '25', '50', '100']);
  await page.keyboard.press('Escape');
  // The table is wider than the phone, inside a frame that scrolls; the page itself does not.
  // Polled: the frame's width settles once the drawer and the fonts have finished laying out.
  const layout = () =>
    page.getByTestId('user-table').evaluate((table) => {
      // The nearest ancestor that clips sideways; a wrapper between it and the table may itself be
      // narrower than a table of long names, so overflowing is not what identifies the frame.
      let frame = table.parentElement;
      while (frame && frame !== document.body && getComputedStyle(frame).overflowX === 'visible') frame = frame.parentElement;
      return {
        isFrameScrolling: frame !== null && frame !== document.body && frame.scrollWidth > frame.clientWidth,
        isPageWider: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
  await expect.poll(layout).toEqual({ isFrameScrolling: true, isPageWider: false });
  await expectNoSeriousA11yViolations(page);
});
