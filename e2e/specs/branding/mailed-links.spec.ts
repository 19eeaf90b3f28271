import { expect, test, type Browser, type Page } from '../../fixtures/test';
import { linkOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { openHomeAs } from '../../fixtures/portal';

const LAURENTIAN_FR = 'Services publics Laurentiens';

/** A browser that never saw the portal, as a phone opening its mail: no cookie, no language chosen. */
async function openInFreshBrowser(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

/** The reset page of a mailed link, in Laurentian's brand and in French. */
async function expectLaurentianResetPageInFrench(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Réinitialiser le mot de passe', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle(`Réinitialiser le mot de passe – ${LAURENTIAN_FR}`);
  await expect(page.getByRole('img', { name: LAURENTIAN_FR }).first()).toHaveAttribute('src', /\/branding\/LAU\/logo/);
  await expect(page.getByLabel("Nom d'utilisateur", { exact: true })).toBeVisible();
  // The link's language is kept as the visitor's choice, and leaves the address so a reload does not undo a later switch.
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('fr');
  expect(new URL(page.url()).search).toBe('?exp=LAU');
}

test('A Laurentian customer who asked for a reset in French opens the mailed link on a phone and meets Laurentian in French', async ({
  page,
  browser,
}) => {
  const to = 'lau.user@example.com';
  const before = (await readMailbox(to)).length;
  await page.goto('/?exp=LAU#/forgotPassword');
  if ((await page.locator('html').getAttribute('lang')) !== 'fr') await page.getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 })).toBeVisible();
  await page.getByLabel("Nom d'utilisateur", { exact: true }).fill('lau.user');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByRole('dialog', { name: 'Consultez vos courriels' })).toBeVisible();

  const mail = await waitForMail(to, before);
  expect(mail.from?.name).toBe(LAURENTIAN_FR);
  expect(mail.attachments.some((part) => part.mimeType === 'image/png' && mail.html.includes(`cid:${part.contentId}`))).toBe(true);
  const phone = await openInFreshBrowser(browser, linkOf(mail));
  await expectLaurentianResetPageInFrench(phone);
  await phone.context().close();
});

test('A new Laurentian user opens the welcome link in a fresh browser and meets Laurentian in French', async ({ page, browser }) => {
  await openHomeAs(page, 'lau.admin', 'Nathan');
  const username = `lau.welcome.${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const created = await page.request.post('/api/usermanagement/createuser', {
    data: {
      username,
      firstName: 'Élise',
      lastName: 'Tremblay',
      email,
      roleCode: 'USER',
      clientCode: 'LAU',
      experienceCode: 'LAU',
      activeMFA: true,
      contactLanguage: 'fr',
    },
  });
  expect(created.status()).toBe(200);

  const welcome = await waitForMail(email, 0);
  expect(welcome.from?.name).toBe(LAURENTIAN_FR);
  const phone = await openInFreshBrowser(browser, linkOf(welcome));
  await expectLaurentianResetPageInFrench(phone);
  await phone.context().close();
});
