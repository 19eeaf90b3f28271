import { test } from '@playwright/test';
import { signIn } from '../../fixtures/portal';
import { openReports } from '../../fixtures/usage-reports';
test.use({ timezoneId: 'America/Toronto' });
test('debug', async ({ page }) => {
  await signIn(page, 'demo.super', 'Sam');
  await openReports(page);
  page.on('console', (m) => console.log('CONSOLE', m.text())); page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.waitForTimeout(1500);

  console.log(JSON.stringify(await page.locator('main').ariaSnapshot()));
});
