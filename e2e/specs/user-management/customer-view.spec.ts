import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs, signIn } from '../../fixtures/portal';
import { findUserRow, userRows } from '../../fixtures/user-management';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The account menu's entries: in the top bar on a desktop, in the drawer on a phone. */
async function openAccountEntries(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  else await page.getByRole('button', { name: /Account menu/ }).click();
}

test('An administrator views the portal as a customer for a stated reason, read-only, and leaves; the customer reads who looked and why', async ({
  page,
  browser,
  baseURL,
}) => {
  const reason = `Ticket ${Date.now()}: cannot find the March statement`;
  // A session of its own: leaving the view gives it back under a new secret, which a kept session would not know.
  // (Customer service opens views too, as the server's tests show; demo.service's password is another spec's to change.)
  await signIn(page, 'demo.admin', 'Alex');
  await page.goto('/#/userManagement');
  await expect(userRows(page).first()).toBeVisible();
  const row = await findUserRow(page, 'demo.user');
  await row.getByRole('button', { name: /^View the portal as / }).click();
  const dialog = page.getByRole('dialog', { name: /^View as / });
  await expect(dialog).toContainText('sign-in history');
  await dialog.getByRole('button', { name: 'Open the view' }).click();
  await expect(dialog.getByText('Say why you are viewing this customer’s portal')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Open the view' }).click();

  // The customer's own home, under a banner naming both people, the reason and the time left.
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Customer view' });
  await expect(banner).toContainText('You are viewing the portal as Camille');
  await expect(banner).toContainText('(demo.user), read-only');
  await expect(banner).toContainText('Opened by Alex');
  await expect(banner).toContainText(`Reason: ${reason}`);
  await expect(banner.getByTestId('customer-view-time-left')).toHaveText(/Time left: (30:00|29:\d\d)/);
  await expectNoSeriousA11yViolations(page);

  // The customer's documents, and a preview; nothing of the staff member's own menus.
  await page.getByRole('button', { name: /Account statements/ }).click();
  await page
    .getByRole('button', { name: /^Preview / })
    .first()
    .click();
  await expect(page.getByTestId('preview-frame')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await openAccountEntries(page);
  await expect(page.getByText('Log Out').first()).toBeVisible();
  await expect(page.getByRole(isPhone(page) ? 'button' : 'menuitem', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // One click to leave: back in user management as the staff member.
  await banner.getByRole('button', { name: 'Leave customer view' }).click();
  await expect(page.getByRole('heading', { name: 'User management', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(userRows(page).first()).toBeVisible();

  // The customer, in a browser of their own, reads in their sign-in history that customer service looked.
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await openHomeAs(customer, 'demo.user', 'Camille');
  await openAccountEntries(customer);
  await customer.getByRole(isPhone(customer) ? 'button' : 'menuitem', { name: 'Settings' }).click();
  const settings = customer.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Devices' }).click();
  const views = settings.getByTestId('customer-views');
  await expect(views.getByTestId('customer-view-entry').filter({ hasText: reason })).toContainText('Alex');
  await expect(views).toContainText(`Reason given: ${reason}`);
  await expectNoSeriousA11yViolations(customer);
  await customerContext.close();
});

test('On a phone, the customer view keeps its banner readable without sideways scrolling, and is left in one tap @mobile', async ({
  page,
}) => {
  await signIn(page, 'demo.admin', 'Alex');
  await page.goto('/#/userManagement');
  await expect(userRows(page).first()).toBeVisible();
  const row = await findUserRow(page, 'demo.user');
  await row.getByRole('button', { name: /^View the portal as / }).click();
  const dialog = page.getByRole('dialog', { name: /^View as / });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Phone call, statement missing');
  await dialog.getByRole('textbox', { name: 'Reason' }).press('Enter');

  const banner = page.getByRole('region', { name: 'Customer view' });
  await expect(banner).toContainText('Reason: Phone call, statement missing');
  await expect(page.getByRole('heading', { name: 'Welcome, Camille' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  await banner.getByRole('button', { name: 'Leave customer view' }).click();
  await expect(page.getByRole('heading', { name: 'User management', level: 1 })).toBeVisible();
});
