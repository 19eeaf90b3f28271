import { expect, test, type Locator } from '../../fixtures/test';
import { switchSignedInLanguage } from '../../fixtures/accessibility-matrix';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

/** Where a cell's text ends, in page pixels (not its box, which the column's width sets). */
function textEndOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().right;
  });
}

test('A customer reads amounts under their header, French dates with « 1er » on one line, and is asked before registration signs them out', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.user', 'Camille');
  await page.getByRole('button', { name: /Account statements/ }).click();
  const panel = page.getByRole('region', { name: 'Account statements', exact: true });
  const table = panel.getByTestId('document-table');
  await expect(table.getByTestId('document-row').first()).toBeVisible();

  // The amounts' header ends where the amounts do.
  const headers = table.getByRole('columnheader');
  const names = (await headers.allTextContents()).map((text) => text.trim());
  const column = names.indexOf('Closing balance');
  expect(column).toBeGreaterThan(0);
  const header = headers.nth(column).getByRole('button');
  const amount = table.getByTestId('document-row').first().getByRole('cell').nth(column);
  expect(Math.abs((await header.boundingBox())!.x + (await header.boundingBox())!.width - (await textEndOf(amount)))).toBeLessThan(3);

  // A notice arrives under the top bar, clear of the account menu's avatar.
  await table
    .getByTestId('document-row')
    .first()
    .getByRole('button', { name: /^Download / })
    .click();
  const notice = page.getByRole('alert').filter({ hasText: 'Your download is ready' });
  await expect(notice).toBeVisible();
  const avatar = (await page.getByRole('button', { name: /Account menu/ }).boundingBox())!;
  const noticeBox = (await notice.boundingBox())!;
  expect(noticeBox.y).toBeGreaterThanOrEqual(avatar.y + avatar.height);

  // In French, the first of a month is « 1er », in the rows and in the date range, which stays on one line.
  await switchSignedInLanguage(page, false, 'fr');
  const enFrancais = page.getByRole('region', { name: 'Relevés de compte', exact: true });
  await expect(enFrancais.getByTestId('document-row').first().getByRole('cell').nth(2)).toHaveText(/^1er [a-zéû]+\.? \d{4}$/);
  const dateRange = enFrancais.getByRole('button', { name: 'Période' });
  await dateRange.click();
  const calendar = page.locator('[data-dates-dropdown]');
  const firstDay = calendar.getByRole('button', { name: /^1 [a-zéû]+ \d{4}$/ }).first();
  await firstDay.click();
  await firstDay.click();
  await expect(dateRange).toHaveText(/^1er [a-zéû]+\.? \d{4} – 1er [a-zéû]+\.? \d{4}$/);
  const lineHeight = await dateRange.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
  const textHeight = await dateRange.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().height;
  });
  expect(textHeight).toBeLessThan(lineHeight * 1.5);
  await expectNoSeriousA11yViolations(page);

  // Registration while signed in: asked first; staying keeps the session.
  await page.goto('/#/register');
  const question = page.getByTestId('registration-signed-in');
  await expect(question).toContainText('Vous êtes connecté en tant que Camille');
  await expectNoSeriousA11yViolations(page);
  await question.getByRole('button', { name: 'Rester connecté' }).click();
  await expect(page.getByRole('heading', { name: /^Bienvenue, Camille/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Bienvenue, Camille/ })).toBeVisible();
  // Going on signs out, then the wizard starts.
  await page.goto('/#/register');
  await question.getByRole('button', { name: 'Me déconnecter et créer un compte' }).click();
  await expect(page.getByTestId('registration-step-title')).toBeVisible();
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/login/);
});

test('A super user sees the dark-surface logos on the surfaces they are drawn on', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Console' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Brands' }).click();
  await page.getByRole('textbox', { name: 'Experience' }).click();
  await page.getByRole('option', { name: /^NBW · / }).click();
  const luminanceBehind = (kind: string) =>
    page
      .locator(`[data-image="${kind}"]`)
      .getByTestId('brand-image-surface')
      .evaluate((element) => {
        const [r, g, b, alpha = 1] = getComputedStyle(element)
          .backgroundColor.match(/[\d.]+/g)!
          .map(Number) as number[];
        // No colour of its own: the white card shows through.
        return alpha === 0 ? 1 : (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      });
  expect(await luminanceBehind('logo-dark')).toBeLessThan(0.4);
  await expectNoSeriousA11yViolations(page);
});

test('@mobile On a phone, every section of the tenant console is in reach', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.goto('/#/console/clients');
  const sections = page.getByRole('navigation', { name: 'Console sections' }).getByRole('link');
  await expect(sections).toHaveCount(6);
  for (const section of await sections.all()) await expect(section).toBeInViewport({ ratio: 1 });
  await expectNoSeriousA11yViolations(page);
});

test('@mobile On a phone, the password field’s notice fits inside the field, in French as in English', async ({ page, baseURL }) => {
  for (const [language, notice] of [
    ['fr', /^Mots de passe\s: un instant$/],
    ['en', /^Saved passwords/],
  ] as const) {
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL! }]);
    // A page of its own each time: the language is read when the page loads.
    await page.goto('about:blank');
    await page.goto('/#/login');
    const password = page.getByLabel(language === 'fr' ? 'Mot de passe' : 'Password', { exact: true });
    // Read while the field is still locked, which is when the notice shows.
    await expect(password).toHaveAttribute('placeholder', notice);
    const { needed, room } = await password.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        needed: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(needed).toBeLessThanOrEqual(room);
  }
});
