import { expect, test, type Page } from '@playwright/test';
import { openLogin } from '../../fixtures/portal';

const primaryColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim());
const logoSources = (page: Page) =>
  page.locator('img[src*="/branding/"]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));

test('?exp= brands the portal: logo, colours, favicon and title change without a rebuild', async ({ page, request }) => {
  // The page comes with its experience's branding: the first screen asks for none.
  const brandingCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/branding/experience')) brandingCalls.push(sent.url());
  });
  await openLogin(page, '?exp=LAU');
  expect(brandingCalls).toEqual([]);
  const lau = await (await request.get('/branding/experience?exp=LAU')).json();
  await expect.poll(() => primaryColour(page)).toBe(lau.Colors.primary);
  await expect.poll(() => logoSources(page)).toEqual(expect.arrayContaining([expect.stringContaining('/branding/LAU/')]));
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/branding\/LAU\/favicon/);
  // The tab names the screen, then the experience, in the page's language.
  await expect(page).toHaveTitle(`Sign in – ${lau.AppTitle ?? lau.NameEn}`);
  await page.getByTestId('language-toggle').click();
  await expect(page).toHaveTitle(`Connexion – ${lau.NameFr}`);
  await page.getByTestId('language-toggle').click();
  await page.getByRole('link', { name: /Forgot your password/ }).click();
  await expect(page).toHaveTitle(`Forgot password – ${lau.AppTitle ?? lau.NameEn}`);

  await openLogin(page, '?exp=NBW');
  const nbw = await (await request.get('/branding/experience?exp=NBW')).json();
  await expect.poll(() => primaryColour(page)).toBe(nbw.Colors.primary);
  expect(nbw.Colors.primary).not.toBe(lau.Colors.primary);
  await expect.poll(() => logoSources(page)).toEqual(expect.arrayContaining([expect.stringContaining('/branding/NBW/')]));
});

test('The chosen experience is remembered in the exp cookie, and an unknown code falls back to the default', async ({ page, context }) => {
  await openLogin(page, '?exp=LAT');
  expect((await context.cookies()).find((c) => c.name === 'exp')?.value).toBe('LAT');
  await page.goto('/#/login');
  await expect.poll(() => logoSources(page)).toEqual(expect.arrayContaining([expect.stringContaining('/branding/LAT/')]));

  await openLogin(page, '?exp=NOPE');
  await expect.poll(() => logoSources(page)).toEqual(expect.arrayContaining([expect.stringContaining('/branding/NBF/')]));
});
