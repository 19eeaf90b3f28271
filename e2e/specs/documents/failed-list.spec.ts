import { expect, test, type Page } from '../../fixtures/test';
import { switchSignedInLanguage } from '../../fixtures/accessibility-matrix';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

/** The server's pages of one type fail (as a restarting server's would) until `recover` is called. */
async function failPagesOf(page: Page, reportCode: string): Promise<{ requests: () => number; recover: () => Promise<void> }> {
  let count = 0;
  const pattern = `**/Dashboard/ReportData/${reportCode}`;
  await page.route(pattern, (route) => {
    count += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'errors.unexpected', msg: 'An unexpected error occurred.' }),
    });
  });
  return { requests: () => count, recover: () => page.unroute(pattern) };
}

test('A list whose page fails says so within seconds, offers Retry and keeps its search form', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  const failing = await failPagesOf(page, 'NBF-STMT');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = page.getByRole('region', { name: 'Account statements', exact: true });
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('An unexpected error occurred. Try again later or contact your support team.');
  // Asked again once, then the person is told.
  expect(failing.requests()).toBe(2);
  // The search form stays whole, its fields to search in included.
  const search = panel.getByRole('search');
  await expect(search.getByRole('checkbox').first()).toBeVisible();
  await search.getByLabel('Search text').fill('NB-1002');
  await expectNoSeriousA11yViolations(page);

  await failing.recover();
  await alert.getByRole('button', { name: 'Retry Account statements' }).click();
  await expect(panel.getByTestId('document-row').first()).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(search.getByLabel('Search text')).toHaveValue('NB-1002');
  await page.getByRole('button', { name: 'Close Account statements' }).click();
});

test('@mobile On a phone, in French, a failed list offers Retry', async ({ page }) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await switchSignedInLanguage(page, true, 'fr');
  try {
    const failing = await failPagesOf(page, 'NBF-STMT');
    await page.getByRole('button', { name: /Relevés de compte/ }).click();
    const panel = page.getByRole('region', { name: 'Relevés de compte', exact: true });
    const retry = panel.getByRole('alert').getByRole('button', { name: 'Réessayer Relevés de compte' });
    await expect(retry).toBeVisible();
    await expect(panel.getByRole('search').getByRole('checkbox').first()).toBeVisible();
    await failing.recover();
    await retry.click();
    await expect(panel.getByTestId('document-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Fermer Relevés de compte' }).click();
  } finally {
    await switchSignedInLanguage(page, true, 'en');
  }
});
