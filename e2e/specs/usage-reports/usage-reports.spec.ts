import { expect, test, type Download } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import {
  chooseClient,
  describeZone,
  generateAndDownload,
  generateButton,
  openReports,
  pickPeriod,
  readSpreadsheet,
  todayIn,
  waitingDialog,
} from '../../fixtures/usage-reports';

// A zone west of UTC, so that the sign of the offset the browser sends shows in the spreadsheet.
const TIME_ZONE = 'America/Toronto';
test.use({ timezoneId: TIME_ZONE });

const TYPES = [
  { type: 'connection', label: 'Connections', timeHeader: 'Date and time' },
  { type: 'users', label: 'Users', timeHeader: 'Created' },
  { type: 'newUsers', label: 'New users', timeHeader: 'Created' },
] as const;

function columnOf(header: unknown[], name: string): number {
  const index = header.indexOf(name);
  expect(index, `column ${name} in ${header.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

test('A super user downloads each usage spreadsheet of a chosen client, headed in the language of the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openReports(page);
  await expect(page.getByRole('group', { name: 'Report type' }).getByRole('radio', { name: 'Connections' })).toBeChecked();
  // The last seven days, today included, in the browser's time zone.
  const today = todayIn(TIME_ZONE);
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  // Days read as every date of the portal does ("Nov 21, 2026").
  const asShown = (day: string) =>
    new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  await expect(page.getByRole('button', { name: 'Period' })).toHaveText(`${asShown(weekAgo)} – ${asShown(today)}`);
  // A super user must choose a client first.
  await expect(generateButton(page)).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await chooseClient(page, 'Northbridge Financial');
  await expect(generateButton(page)).toBeEnabled();

  const zone = describeZone(TIME_ZONE);
  for (const { type, label, timeHeader } of TYPES) {
    await page.getByRole('radio', { name: label, exact: true }).check();
    const download = await generateAndDownload(page);
    expect(download.suggestedFilename()).toBe(`usage-${type}-${weekAgo}_${today}.xlsx`);
    const { bytes, rows } = await readSpreadsheet(download);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const header = rows[0]!;
    expect(header).toContain('Username');
    expect(header).toContain(`${timeHeader} (${zone})`);
    if (type === 'connection') {
      // demo.super's own sign-in of a moment ago is in the last seven days.
      const username = columnOf(header, 'Username');
      const result = columnOf(header, 'Result');
      expect(rows.slice(1).some((row) => row[username] === 'demo.super' && row[result] === 'Signed in')).toBe(true);
    }
  }

  // In French, the screen and the spreadsheet both speak French.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: "Rapports d'utilisation", level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Connexions' }).check();
  const { rows } = await readSpreadsheet(await generateAndDownload(page));
  expect(rows[0]).toContain(`Date et heure (${zone})`);
  expect(rows[0]).toContain("Nom d'utilisateur");
  expect(rows.length).toBeGreaterThan(1);
});

test('A period over three months is flagged and cannot be generated', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openReports(page);
  await chooseClient(page, 'Northbridge Financial');
  const [year, month] = todayIn(TIME_ZONE).split('-').map(Number) as [number, number];
  const firstOf = (monthsBack: number) => new Date(Date.UTC(year, month - 1 - monthsBack, 1));

  await pickPeriod(page, firstOf(4), firstOf(0));
  const period = page.getByRole('button', { name: 'Period' });
  await expect(page.getByText('The date range cannot exceed 3 months.')).toBeVisible();
  await expect(period).toHaveAttribute('aria-invalid', 'true');
  await expect(generateButton(page)).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await pickPeriod(page, firstOf(2), firstOf(0));
  await expect(page.getByText('The date range cannot exceed 3 months.')).toHaveCount(0);
  await expect(generateButton(page)).toBeEnabled();
});

test('Cancel aborts a running generation: the request is dropped and nothing is downloaded', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await openReports(page);
  await chooseClient(page, 'Northbridge Financial');
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));

  // The real request, held back until the dialog has been cancelled so that Cancel is sure to catch it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/reports/generate', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const aborted = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/reports/generate'));

  await generateButton(page).click();
  const dialog = waitingDialog(page);
  await expect(dialog.getByRole('status')).toHaveText('The spreadsheet is being prepared. Please wait.');
  await expect(dialog.getByRole('progressbar', { name: 'Progress of the spreadsheet' })).toBeVisible();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect((await aborted).failure()?.errorText).toBe('net::ERR_ABORTED');
  await expect(generateButton(page)).toBeFocused();
  release();
  await page.unroute('**/reports/generate');

  // The next generation downloads, and it is the only download there was.
  const download = await generateAndDownload(page);
  expect(downloads).toEqual([download]);
});

test('demo.user and demo.admin have no Reports button and typing the route leads home', async ({ page }) => {
  for (const [username, firstName] of [
    ['demo.user', 'Camille'],
    ['demo.admin', 'Alex'],
  ] as const) {
    await openHomeAs(page, username, firstName);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await page.goto('/#/reports');
    await expect(page.getByRole('heading', { name: `Welcome, ${firstName}` })).toBeVisible();
    await expect(page).not.toHaveURL(/#\/reports/);
    await expect(page.getByRole('heading', { name: 'Usage reports' })).toHaveCount(0);
    await expect(generateButton(page)).toHaveCount(0);
  }
});

test('@mobile On a phone the Reports screen is reached from the drawer and fits the screen', async ({ page }) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Usage reports', level: 1 })).toBeVisible();
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const generateBox = (await generateButton(page).boundingBox())!;
  expect(generateBox.width).toBeGreaterThan(width * 0.7);
  await expectNoSeriousA11yViolations(page);

  await chooseClient(page, 'Northbridge Financial');
  const download = await generateAndDownload(page);
  expect(download.suggestedFilename()).toMatch(/^usage-connection-.+\.xlsx$/);
});
