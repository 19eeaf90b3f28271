import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from '../../fixtures/portal';

// Staff see every document of their client's types; no other browser test signs this account in.
const USERNAME = 'demo.internal';
const FIRST_NAME = 'Morgan';
const TYPE = 'Account statements';
const TYPE_CODE = 'NBF-STMT';

interface ListRequestBody {
  page: number;
  searchOptions: { text: string; fields: string[]; operation: number } | null;
  updateSearchPreference: boolean;
}

function listRequest(page: Page, matches: (body: ListRequestBody) => boolean): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      new URL(request.url()).pathname === `/Dashboard/ReportData/${TYPE_CODE}` &&
      matches(request.postDataJSON() as ListRequestBody),
  );
}

async function openType(page: Page) {
  await page.getByRole('button', { name: new RegExp(TYPE) }).click();
  const panel = page.getByRole('region', { name: TYPE, exact: true });
  await expect(panel.getByTestId('document-row').first()).toBeVisible();
  const search = panel.getByRole('search');
  // The fields to search in arrive once the list is known.
  await expect(search.getByRole('checkbox').first()).toBeVisible();
  return { panel, search, range: panel.getByText(/^1–10 of /) };
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/#\/login/);
}

test('The fields and operation of a quick search are offered again when the type is reopened, and after signing in again', async ({
  page,
}) => {
  // Two sign-ins with an e-mailed code and an accessibility scan of a full list.
  test.setTimeout(90_000);
  await signIn(page, USERNAME, FIRST_NAME);
  let list = await openType(page);
  const unfilteredRange = await list.range.textContent();

  // Never searched yet: the first field and "Contains".
  await expect(list.search.getByRole('checkbox', { name: 'Account number' })).toBeChecked();
  await expect(list.search.getByRole('checkbox', { name: 'Postal code' })).not.toBeChecked();
  await expect(list.search.getByRole('checkbox', { name: 'Closing balance' })).not.toBeChecked();
  await expect(list.search.getByLabel('Match')).toHaveValue('Contains');

  // Search the postal codes and balances that start with "H".
  await list.search.getByRole('checkbox', { name: 'Postal code' }).check();
  await list.search.getByRole('checkbox', { name: 'Closing balance' }).check();
  await list.search.getByRole('checkbox', { name: 'Account number' }).uncheck();
  await list.search.getByLabel('Match').click();
  await page.getByRole('option', { name: 'Starts with' }).click();
  await list.search.getByLabel('Search text').fill('H');
  const searchSent = listRequest(page, (body) => body.searchOptions !== null && body.page === 1);
  await list.search.getByRole('button', { name: 'Search' }).click();
  expect((await searchSent).postDataJSON()).toMatchObject({
    searchOptions: { text: 'H', fields: ['postalCode', 'closingBalance'], operation: 1 },
    updateSearchPreference: true,
  });
  await expect(list.range).not.toHaveText(unfilteredRange!);

  // Paging through the results does not record the search again.
  const pageSent = listRequest(page, (body) => body.page === 2);
  await list.panel.getByRole('button', { name: 'Page 2', exact: true }).click();
  expect((await pageSent).postDataJSON()).toMatchObject({ searchOptions: { text: 'H' }, updateSearchPreference: false });
  await expect(list.panel.getByText(/^11–20 of /)).toBeVisible();

  // Reopened in the same session: the same ticks and operation, nothing searched.
  await page.getByRole('button', { name: `Close ${TYPE}` }).click();
  list = await openType(page);
  await expectPreselected(list.search);
  await expect(list.range).toHaveText(unfilteredRange!);

  // A new session starts from the preference the sign-in answer carries.
  await signOut(page);
  const signInAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/login/mfacodevalidation');
  await signIn(page, USERNAME, FIRST_NAME);
  expect((await (await signInAnswer).json()).user.searchPreference).toContainEqual({
    IndexDefinitionCode: TYPE_CODE,
    SearchMethod: 1,
    SearchColumns: ['postalCode', 'closingBalance'],
  });
  const firstListSent = listRequest(page, () => true);
  list = await openType(page);
  expect((await firstListSent).postDataJSON()).toMatchObject({ searchOptions: null, updateSearchPreference: false });
  await expectPreselected(list.search);
  await expect(list.range).toHaveText(unfilteredRange!);
  await expectNoSeriousA11yViolations(page);
});

/** The ticks and operation of the search above, and an empty text: the list is not searched on opening. */
async function expectPreselected(search: Locator): Promise<void> {
  await expect(search.getByRole('checkbox', { name: 'Postal code' })).toBeChecked();
  await expect(search.getByRole('checkbox', { name: 'Closing balance' })).toBeChecked();
  await expect(search.getByRole('checkbox', { name: 'Account number' })).not.toBeChecked();
  await expect(search.getByLabel('Match')).toHaveValue('Starts with');
  await expect(search.getByLabel('Search text')).toHaveValue('');
}
