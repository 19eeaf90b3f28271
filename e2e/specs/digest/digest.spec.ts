import { expect, test, type Page } from '../../fixtures/test';
import { readMailbox, waitForMail } from '../../fixtures/mailbox';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

const ADDRESS = 'demo.user@example.com';
const CONFIRMATION_SUBJECT = 'Your summary of new documents';

/** Settings from the avatar menu, or on a phone from the drawer, then its Notifications tab. */
async function openNotifications(page: Page) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  const accountMenu = page.getByRole('button', { name: /Account menu/ });
  await expect(burger.or(accountMenu)).toBeVisible();
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Settings' }).click();
  } else {
    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Notifications' }).click();
  await expect(dialog.getByRole('radiogroup', { name: /summary of my new documents/ })).toBeVisible();
  return dialog;
}

/** Chooses a pace in settings and saves it. */
async function choose(page: Page, label: 'Once a day' | 'Once a week') {
  const dialog = await openNotifications(page);
  await dialog.getByRole('radio', { name: label }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your choice has been saved.');
  return dialog;
}

test('A user chooses a weekly summary of new documents in settings by keyboard, and finds it chosen after a reload', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const dialog = await openNotifications(page);
  await expect(dialog.getByRole('radio', { name: 'Never' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('radio', { name: 'Never' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Once a week' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your choice has been saved.');

  await page.reload();
  const reopened = await openNotifications(page);
  await expect(reopened.getByRole('radio', { name: 'Once a week' })).toBeChecked();
});

test('@mobile A user turns the summary off from the link in its e-mail, after confirming on the page', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const before = (await readMailbox(ADDRESS)).length;
  const dialog = await choose(page, 'Once a day');
  const mail = await waitForMail(ADDRESS, before);
  expect(mail.subject).toBe(CONFIRMATION_SUBJECT);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const link = /(https?:\/\/\S+#\/digest\/unsubscribe\?token=[\w.%-]+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Stop the new-document e-mails' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Opening the page changed nothing: only the button does. (A reload: the settings ask the server afresh.)
  await page.goto('/#/');
  await page.reload();
  await expect((await openNotifications(page)).getByRole('radio', { name: 'Once a day' })).toBeChecked();

  await page.goto(link);
  await page.getByRole('button', { name: 'Stop the e-mails' }).click();
  await expect(page.getByRole('status')).toContainText('you will no longer receive the summary');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/#/');
  await page.reload();
  await expect((await openNotifications(page)).getByRole('radio', { name: 'Never' })).toBeChecked();
});

test('@mobile A link the portal did not sign says so', async ({ page }) => {
  await page.goto('/#/digest/unsubscribe?token=1.not-a-signature');
  await page.getByRole('button', { name: 'Stop the e-mails' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectNoSeriousA11yViolations(page);
});
