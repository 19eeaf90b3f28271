import { expect, test } from '@playwright/test';
import { openLogin, signIn } from '../../fixtures/portal';

/**
 * What the browser itself reports about the pages: its issues panel (a content security policy
 * violation, a cookie it refused…) and the console. Lighthouse's best-practices score counts the
 * first; a visitor opening the developer tools sees the second.
 */
test('Signing in and opening a document list report no issue and write nothing to the console', async ({ page }) => {
  const issues: string[] = [];
  const consoleMessages: string[] = [];
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Audits.issueAdded', ({ issue }) => {
    // Performance hints (reading document.cookie) are advice, not faults, and not counted by Lighthouse.
    if (issue.code !== 'PerformanceIssue') issues.push(JSON.stringify(issue));
  });
  await devtools.send('Audits.enable');

  await openLogin(page);
  // The form validates in the browser with the contract's schemas: an empty submit runs them.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await signIn(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Notices/ }).click();
  await expect(page.getByTestId('document-row').first()).toBeVisible();

  expect(issues).toEqual([]);
  expect(consoleMessages).toEqual([]);
});
