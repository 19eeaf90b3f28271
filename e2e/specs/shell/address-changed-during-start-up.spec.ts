import { openHomeAs } from '../../fixtures/portal';
import { expect, test, type Page } from '../../fixtures/test';

/*
 * A person types or pastes an address while the portal is still starting: the portal must
 * end where that address leads (or where the guards send them), never on a blank page.
 */

/**
 * The moments of start-up at which the address changes: before the portal's script runs,
 * while it waits for its brand (nothing of the router on screen yet), and right as start-up
 * redirects, before the page it redirects to is drawn.
 */
const MOMENTS = ['before the script runs', 'while the brand loads', 'as start-up redirects'] as const;
type Moment = (typeof MOMENTS)[number];

/** Opens `start` in `page` and changes the address to `typed` at `moment` of start-up. */
async function openChangingAddress(page: Page, start: string, typed: string, moment: Moment): Promise<void> {
  if (moment === 'as start-up redirects') {
    await page.addInitScript(changeAddressOnFirstRedirect, typed);
  } else {
    if (moment === 'while the brand loads') {
      // The page usually carries its brand; one sent without it (as when the database did not
      // answer the page's request) has the portal call for it before drawing anything.
      await page.route(/\/(\?[^#]*)?$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script type="application\/json" id="portal-page-branding">[^<]*<\/script>/, '');
        await route.fulfill({ response, body });
      });
    }
    // Routing also turns the browser cache off, so every start is a cold one.
    const awaited = moment === 'before the script runs' ? '**/assets/index-*.js' : '**/branding/experience*';
    await page.route(awaited, async (route) => {
      // The request is still unanswered, so the portal cannot have drawn its pages yet.
      await page.evaluate((hash) => {
        location.hash = hash;
      }, typed);
      await route.continue();
    });
  }
  await page.goto(start);
}

/** Runs in the page, before its scripts: the person's change lands just after the portal's redirect. */
function changeAddressOnFirstRedirect(typed: string): void {
  const replaceState = history.replaceState.bind(history);
  let hasTyped = false;
  history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
    replaceState(data, unused, url);
    // A redirect rewrites the address; bookkeeping calls pass no address.
    if (hasTyped || !url) return;
    hasTyped = true;
    // After the redirect's own work, before the browser can draw the page it leads to.
    queueMicrotask(() => {
      location.hash = typed;
    });
  };
}

async function expectSignInPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
}

for (const typed of ['#/reports', '#/faq', '#/userManagement']) {
  for (const moment of MOMENTS) {
    test(`A visitor who types ${typed} ${moment} lands on the sign-in page`, async ({ page }) => {
      await openChangingAddress(page, '/#/', typed, moment);
      await expectSignInPage(page);
    });
  }
}

interface Visit {
  start: string;
  typed: string;
  moment: Moment;
  /** The heading of the page the person must end on. */
  lands: string;
  at: RegExp;
}

/** Each visit in a new page of the signed-in browser: a cold start with the session kept. */
async function visitAll(page: Page, visits: Visit[]): Promise<void> {
  for (const { start, typed, moment, lands, at } of visits) {
    await test.step(`opens ${start}, types ${typed} ${moment}: ${lands}`, async () => {
      const fresh = await page.context().newPage();
      await openChangingAddress(fresh, start, typed, moment);
      await expect(fresh).toHaveURL(at);
      await expect(fresh.getByRole('heading', { name: lands, level: 1 })).toBeVisible();
      await fresh.close();
    });
  }
}

const HOME = /#\/$/;

test('A signed-in user who types an address during start-up sees it, or the dashboard where it is not theirs', async ({ page }) => {
  test.setTimeout(120_000);
  await openHomeAs(page, 'demo.user', 'Camille');
  const welcome = 'Welcome, Camille';
  await visitAll(page, [
    { start: '/#/', typed: '#/reports', moment: 'before the script runs', lands: welcome, at: HOME },
    { start: '/#/', typed: '#/reports', moment: 'while the brand loads', lands: welcome, at: HOME },
    { start: '/#/', typed: '#/faq', moment: 'while the brand loads', lands: 'Frequently asked questions', at: /#\/faq$/ },
    { start: '/#/', typed: '#/userManagement', moment: 'while the brand loads', lands: welcome, at: HOME },
    // Start-up sends this user from a page not theirs to the dashboard, and the person asks again.
    { start: '/#/reports', typed: '#/reports', moment: 'as start-up redirects', lands: welcome, at: HOME },
    { start: '/#/userManagement', typed: '#/userManagement', moment: 'as start-up redirects', lands: welcome, at: HOME },
    { start: '/#/reports', typed: '#/faq', moment: 'as start-up redirects', lands: 'Frequently asked questions', at: /#\/faq$/ },
  ]);
});

test('A super user who types an address during start-up sees the screen it names', async ({ page }) => {
  test.setTimeout(120_000);
  await openHomeAs(page, 'demo.super', 'Sam');
  await visitAll(page, [
    { start: '/#/', typed: '#/reports', moment: 'before the script runs', lands: 'Usage reports', at: /#\/reports$/ },
    { start: '/#/', typed: '#/reports', moment: 'while the brand loads', lands: 'Usage reports', at: /#\/reports$/ },
    { start: '/#/', typed: '#/userManagement', moment: 'while the brand loads', lands: 'User Management', at: /#\/userManagement$/ },
    // A mistyped address is sent home; the corrected one typed meanwhile wins.
    { start: '/#/report', typed: '#/reports', moment: 'as start-up redirects', lands: 'Usage reports', at: /#\/reports$/ },
    { start: '/#/report', typed: '#/report', moment: 'as start-up redirects', lands: 'Welcome, Sam', at: HOME },
  ]);
});
