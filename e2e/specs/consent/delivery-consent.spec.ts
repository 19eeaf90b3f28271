import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';

/** The code printed in the person's own sample document, read from the PDF the portal serves it. */
async function codeOfSample(request: APIRequestContext, lang: 'en' | 'fr'): Promise<string> {
  const response = await request.get(`/api/consent/sample?lang=${lang}`);
  expect(response.status()).toBe(200);
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(await response.body()), verbosity: VerbosityLevel.ERRORS }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  await pdf.destroy();
  return /^([A-Z0-9](?: [A-Z0-9]){5})$/m.exec(text)![1]!.replace(/ /g, '');
}

/** A super user publishes Laurentian's next version through the console's API, as its screen does. */
async function publishNextLaurentianVersion(request: APIRequestContext, paperEn: string) {
  const clients = (await (await request.get('/api/console/clients')).json()) as { data: { id: number; code: string }[] };
  const clientId = clients.data.find((client) => client.code === 'LAU')!.id;
  const versions = (await (await request.get(`/api/console/clients/${clientId}/disclosures`)).json()) as {
    data: { types: { code: string }[]; [field: string]: unknown }[];
  };
  const { types, requirementsEn, requirementsFr, withdrawalEn, withdrawalFr, paperFr } = versions.data[0]!;
  const response = await request.post(`/api/console/clients/${clientId}/disclosures`, {
    data: { typeCodes: types.map((type) => type.code), requirementsEn, requirementsFr, withdrawalEn, withdrawalFr, paperEn, paperFr },
  });
  expect(response.status()).toBe(200);
}

async function consentWithCode(
  page: Page,
  scope: ReturnType<Page['getByTestId']>,
  labels: { code: string; agree: RegExp; submit: string },
) {
  await scope.getByRole('textbox', { name: labels.code }).fill(await codeOfSample(page.request, 'fr'));
  await scope.getByRole('checkbox', { name: labels.agree }).check();
  await scope.getByRole('button', { name: labels.submit, exact: true }).click();
}

const CLOSE_PREVIEW = "Fermer l'aperçu";
const FRENCH = { code: 'Code du document d’essai', agree: /^Je consens à recevoir/, submit: 'Consentir' };

test('A super user publishes new terms; a Laurentian customer consents at sign-in with its sample’s code in French, withdraws in Settings, and consents again', async ({
  page,
  browser,
  baseURL,
}) => {
  await openHomeAs(page, 'demo.super', 'Sam');
  await page.goto('/#/console/disclosures');
  await expect(page.getByRole('heading', { name: 'Consent to electronic delivery', level: 2 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: /Laurentian Utilities/ }).click();
  await expect(page.getByTestId('disclosure-version').first()).toContainText('In force');
  const paper = page.getByRole('textbox', { name: 'How to ask for paper (English)' });
  await expect(paper).not.toHaveValue('');
  await paper.fill('To receive a paper copy of any document, free of charge, call 1 800 555-0100.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Publish this version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this version?' });
  await confirm.getByRole('button', { name: 'Publish this version' }).click();
  await expect(page.getByText(/^Version \d+ is published and in force\.$/)).toBeVisible();
  const newest = page.getByTestId('disclosure-version').first();
  await expect(newest).toContainText('In force');
  await expect(newest).toContainText('Bills, Contracts');
  // The client's paper queue, counted per type and reason: nothing waits yet.
  await expect(page.getByTestId('paper-queue-panel')).toContainText('Nothing waits to be printed.');
  await expectNoSeriousA11yViolations(page);

  const customer = await browser.newContext({ baseURL });
  const customerPage = await customer.newPage();
  await openHomeAs(customerPage, 'lau.user', 'Émilie');
  const card = customerPage.getByTestId('consent-card');
  await expect(card.getByRole('heading', { name: 'Consent to electronic delivery' })).toBeVisible();
  // Until the person consents, the covered types are not listed.
  await expect(customerPage.getByRole('button', { name: /Bills/ })).toHaveCount(0);
  await expect(card).toContainText('call 1 800 555-0100');
  await expectNoSeriousA11yViolations(customerPage);

  await customerPage.getByRole('button', { name: /Account menu/ }).click();
  await customerPage.getByRole('menuitem', { name: 'Français' }).click();
  await expect(card.getByRole('heading', { name: 'Consentement à la livraison électronique' })).toBeVisible();
  await card.getByRole('button', { name: 'Ouvrir le document d’essai' }).click();
  await expect(customerPage.getByTestId('preview-frame')).toBeVisible();
  await customerPage.keyboard.press('Escape');
  await card.getByRole('textbox', { name: FRENCH.code }).fill('ZZZZZZ');
  await card.getByRole('checkbox', { name: FRENCH.agree }).check();
  await card.getByRole('button', { name: 'Consentir', exact: true }).click();
  await expect(card.getByText(/^Ce n’est pas le code imprimé/)).toBeVisible();
  await consentWithCode(customerPage, card, FRENCH);
  await expect(card).toBeHidden();
  await expect(customerPage.getByRole('button', { name: /Factures/ })).toBeVisible();

  // Withdrawal, in Settings: paper from now on, documents still listed; then consent again.
  await customerPage.getByRole('button', { name: /Menu du compte|Account menu/ }).click();
  await customerPage.getByRole('menuitem', { name: 'Paramètres' }).click();
  const settings = customerPage.getByRole('dialog', { name: 'Paramètres' });
  await settings.getByRole('tab', { name: 'Livraison électronique' }).click();
  const tab = settings.getByTestId('delivery-tab');
  await expect(tab.getByRole('status')).toContainText('Vous avez consenti à la livraison électronique');
  await tab.getByRole('button', { name: 'Retirer mon consentement' }).click();
  const withdraw = customerPage.getByRole('dialog', { name: 'Retirer votre consentement ?' });
  await expectNoSeriousA11yViolations(customerPage);
  await withdraw.getByRole('button', { name: 'Retirer', exact: true }).click();
  await expect(tab.getByRole('status')).toContainText('Vous avez demandé le papier');
  // The sample opens over Settings, and closing it comes back to the form.
  await tab.getByRole('button', { name: 'Ouvrir le document d’essai' }).click();
  await expect(customerPage.getByTestId('preview-frame')).toBeVisible();
  await customerPage.getByRole('button', { name: CLOSE_PREVIEW }).click();
  await expect(customerPage.getByTestId('preview-frame')).toBeHidden();
  await expect(settings).toBeVisible();
  await consentWithCode(customerPage, tab, FRENCH);
  await expect(tab.getByRole('status')).toContainText('Vous avez consenti à la livraison électronique');
  await expectNoSeriousA11yViolations(customerPage);
  await customer.close();
});

test('@mobile On a phone, the consent card reads without scrolling sideways and takes the consent', async ({ page, browser, baseURL }) => {
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await openHomeAs(staffPage, 'demo.super', 'Sam');
  await publishNextLaurentianVersion(staffPage.request, 'For paper, call 1 800 555-0101.');
  await staff.close();

  // Another of Laurentian's customers than the desktop test's, whose password another spec changes.
  await openHomeAs(page, 'alice.gauthier.9', 'Alice');
  const card = page.getByTestId('consent-card');
  await expect(card).toContainText('1 800 555-0101');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('textbox', { name: 'Code from the sample document' }).fill(await codeOfSample(page.request, 'en'));
  await card.getByRole('checkbox', { name: /^I consent to receive/ }).check();
  await card.getByRole('button', { name: 'Consent', exact: true }).click();
  await expect(card).toBeHidden();
  const state = (await (await page.request.get('/api/consent')).json()) as { data: { state: string } };
  expect(state.data.state).toBe('consented');
});
