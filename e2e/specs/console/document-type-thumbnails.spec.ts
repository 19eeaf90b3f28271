import { expect, test, type Locator, type Page } from '../../fixtures/test';
import { solidPng } from '../../../test-support/png';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

const THUMBNAIL_SRC = /^\/thumbnails\/\d+-[0-9a-f]{16}\.png$/;

async function openNoticesEditor(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Console' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Document types' }).click();
  await page.getByRole('button', { name: 'Edit Notices' }).click();
  await expect(page.getByRole('heading', { name: 'Editing Notices' })).toBeFocused();
  return page.getByTestId('type-thumbnail');
}

async function switchLanguage(page: Page, to: 'Français' | 'English'): Promise<void> {
  await page.getByRole('button', { name: /Account menu|Menu du compte/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'English' ? 'en' : 'fr');
}

const naturalWidthOf = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

test('Internal staff give a type its own tile image, refused as SVG in French; a user of the client sees it on the dashboard', async ({
  page,
  browser,
}) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  const section = await openNoticesEditor(page);
  // The demo type's own image, kept to be put back for the other specs.
  const current = section.getByRole('img', { name: 'Tile image of Notices as it is now' });
  await expect(current).toHaveAttribute('src', THUMBNAIL_SRC);
  await expect.poll(() => naturalWidthOf(current)).toBe(64);
  const originalSrc = (await current.getAttribute('src'))!;
  const original = await (await page.request.get(originalSrc)).body();
  await expectNoSeriousA11yViolations(page);

  // An SVG is refused, in the language the person reads the portal in.
  await switchLanguage(page, 'Français');
  await section.locator('input[type="file"]').setInputFiles({
    name: 'tuile.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  });
  await expect(section.getByRole('alert')).toContainText('Les images SVG ne sont pas acceptées');
  await expectNoSeriousA11yViolations(page);
  await switchLanguage(page, 'English');

  await section
    .locator('input[type="file"]')
    .setInputFiles({ name: 'tile.png', mimeType: 'image/png', buffer: solidPng(96, 48, [150, 30, 60]) });
  await expect(page.getByText('Image of NBF-NOTICE saved.')).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(current).not.toHaveAttribute('src', originalSrc);
  await expect(current).toHaveAttribute('src', THUMBNAIL_SRC);
  await expect.poll(() => naturalWidthOf(current)).toBe(96);
  const newSrc = (await current.getAttribute('src'))!;
  await expectNoSeriousA11yViolations(page);

  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await openHomeAs(readerPage, 'demo.user', 'Camille');
    const tile = readerPage.getByTestId('tile-NBF-NOTICE');
    const tileImage = tile.getByTestId('type-image');
    await expect(tileImage).toHaveAttribute('src', newSrc);
    // Fitted into the icon's box, its size known before it loads.
    await expect(tileImage).toHaveAttribute('width', '40');
    await expect(tileImage).toHaveAttribute('height', '20');
    await expect.poll(() => naturalWidthOf(tileImage)).toBe(96);
    // Decorative: the tile is named by its title and counts alone.
    await expect(tile).toHaveAccessibleName(/^(\d+ unviewed )?Notices \d+ documents$/);
    await expectNoSeriousA11yViolations(readerPage);

    // An image that cannot be loaded leaves the portal's icon in its place.
    await readerPage.route('**/thumbnails/**', (route) => route.abort());
    await readerPage.reload();
    await expect(tile.locator('.tabler-icon-file-text')).toBeVisible();
    await expect(tileImage).toHaveCount(0);
    await readerPage.unroute('**/thumbnails/**');

    // Removed, the tile shows the portal's icon again.
    await section.getByRole('button', { name: 'Remove the image' }).click();
    await expect(page.getByText('Image of NBF-NOTICE removed: the dashboard shows the portal’s document icon.')).toBeVisible();
    await expect(section).toContainText('None: the dashboard shows the portal’s document icon.');
    await readerPage.reload();
    await expect(tile.locator('.tabler-icon-file-text')).toBeVisible();
    await expect(tileImage).toHaveCount(0);
  } finally {
    await reader.close();
  }

  // The demo image as it was, under its own name again, for the other specs.
  await section.locator('input[type="file"]').setInputFiles({ name: 'notices.png', mimeType: 'image/png', buffer: original });
  await expect(page.getByText('Image of NBF-NOTICE saved.').last()).toBeVisible();
  await expect(section.getByRole('img', { name: 'Tile image of Notices as it is now' })).toHaveAttribute('src', originalSrc);
});

test('@mobile On a phone, a type’s tile image and its buttons fit the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await page.goto('/#/console/types');
  await page.getByRole('button', { name: 'Edit Notices' }).click();
  const section = page.getByTestId('type-thumbnail');
  await expect(section.getByRole('img', { name: 'Tile image of Notices as it is now' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Replace the image' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove the image' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
