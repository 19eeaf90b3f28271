import { expect, test, type Page } from '../../fixtures/test';
import { linkOf, waitForMail } from '../../fixtures/mailbox';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import {
  clientSelector,
  generateAndDownload,
  generateButton,
  openReports,
  readSpreadsheet,
  waitingDialog,
} from '../../fixtures/usage-reports';

/** A new internal staff member of Northbridge Financial, unique to this run. */
function newReporter() {
  const username = `reporter.${Date.now().toString(36)}`;
  return {
    username,
    firstName: 'Riley',
    lastName: 'Reporter',
    email: `${username}@example.com`,
    roleCode: 'INTERNAL',
    clientCode: 'NBF',
    experienceCode: 'NBF',
    activeMFA: true,
  };
}

/** The welcome link lets the new person choose a password (the demo one, so the sign-in fixture fits). */
async function choosePasswordFromWelcomeMail(page: Page, username: string, email: string): Promise<void> {
  const link = linkOf(await waitForMail(email, 0));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm the new password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/login/);
}

test('An internal reporter whose role was lowered meanwhile sees the server’s refusal in the dialog', async ({ page, browser }) => {
  // demo.super adds an internal staff member, through the user-management calls of its session.
  await openHomeAs(page, 'demo.super', 'Sam');
  const reporter = newReporter();
  const created = await page.request.post('/api/usermanagement/createuser', { data: { ...reporter, contactLanguage: 'en' } });
  expect(created.status()).toBe(200);
  const { user } = (await created.json()) as { user: { Id: number } };

  const reporterContext = await browser.newContext({ timezoneId: 'America/Toronto' });
  const reporterPage = await reporterContext.newPage();
  await choosePasswordFromWelcomeMail(reporterPage, reporter.username, reporter.email);
  await openHomeAs(reporterPage, reporter.username, reporter.firstName);

  // Internal staff report on their own client: no client selector, and their own sign-in is listed.
  await openReports(reporterPage);
  await expect(clientSelector(reporterPage)).toHaveCount(0);
  const { rows } = await readSpreadsheet(await generateAndDownload(reporterPage));
  const username = rows[0]!.indexOf('Username');
  expect(rows.slice(1).some((row) => row[username] === reporter.username)).toBe(true);

  // demo.super makes the reporter an administrator, who may not export usage; the screen is still open.
  const lowered = await page.request.post('/api/usermanagement/updateuser', {
    data: { ...reporter, userId: user.Id, roleCode: 'ADMIN' },
  });
  expect(lowered.status()).toBe(200);

  await generateButton(reporterPage).click();
  const dialog = waitingDialog(reporterPage);
  await expect(dialog.getByRole('alert')).toContainText('You are not allowed to do this.');
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeFocused();
  await expectNoSeriousA11yViolations(reporterPage);
  await ok.click();
  await expect(dialog).toHaveCount(0);
  await reporterContext.close();
});
