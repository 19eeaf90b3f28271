import { expect, test } from '@playwright/test';
import { recordScripts } from '../../fixtures/page-scripts';
import { signIn } from '../../fixtures/portal';
import { switchSignedInLanguage, textOf } from '../../fixtures/accessibility-matrix';

/** The opening words of a text of the administration screens' own part (plain ASCII: the build may write other characters escaped). */
function staffWords(language: 'en' | 'fr', key: string): string {
  return textOf(language, key).slice(0, 30);
}

test('The administration screens’ texts arrive with the first of those screens, in the language shown, and follow a switch', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  const englishAuditIntro = staffWords('en', 'console.audit.intro');
  const frenchAuditIntro = staffWords('fr', 'console.audit.intro');
  expect(englishAuditIntro).toMatch(/^[\x20-\x7e]+$/);
  expect(frenchAuditIntro).toMatch(/^[\x20-\x7e]+$/);

  // Signing in and the dashboard download none of them.
  await signIn(page, 'demo.admin', 'Alex');
  await page.waitForLoadState('networkidle');
  const beforeStaffScreen = await scripts.take();
  expect(beforeStaffScreen.length).toBeGreaterThan(0);
  expect(beforeStaffScreen.filter((body) => body.includes(englishAuditIntro) || body.includes(frenchAuditIntro))).toEqual([]);

  // Switched to French first, the administrator opens User Management: its French texts come with it.
  await switchSignedInLanguage(page, false, 'fr');
  await page
    .getByRole('navigation', { name: textOf('fr', 'shell.mainNavigation') })
    .getByRole('link', { name: textOf('fr', 'shell.userManagement') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: textOf('fr', 'userManagement.title') })).toBeVisible();
  const withStaffScreen = await scripts.take();
  expect(withStaffScreen.some((body) => body.includes(frenchAuditIntro))).toBe(true);
  expect(withStaffScreen.some((body) => body.includes(englishAuditIntro))).toBe(false);

  // Opened afresh at that screen's address, the page fetches them before drawing it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: textOf('fr', 'userManagement.title') })).toBeVisible();
  await scripts.take();

  // Back in English on that screen, its texts follow.
  await switchSignedInLanguage(page, false, 'en');
  await expect(page.getByRole('heading', { level: 1, name: textOf('en', 'userManagement.title') })).toBeVisible();
  expect((await scripts.take()).some((body) => body.includes(englishAuditIntro))).toBe(true);
});
