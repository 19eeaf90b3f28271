import { expect, test } from '../../fixtures/test';
import { fitsTheScreen } from '../../fixtures/api-keys';
import { expectNoSeriousA11yViolations, openHomeAs } from '../../fixtures/portal';
import { createPersonThroughApi, openWebhooks } from '../../fixtures/webhooks';
import { WebhookReceiver } from '../../../test-support/webhook-receiver';
import type { Page } from '@playwright/test';

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await new WebhookReceiver().start();
});
test.afterEach(async () => {
  await receiver.stop();
});

/** Registers an endpoint at the test's receiver for people created; answers the secret the screen showed once. */
async function registerEndpoint(page: Page, path: string): Promise<string> {
  await page.getByRole('button', { name: 'Register an endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Register an endpoint' });
  await expect(form.getByRole('textbox', { name: 'Address' })).toBeFocused();
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(form.getByText('Choose at least one event.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Address' }).fill(receiver.url(path));
  await form.getByRole('textbox', { name: 'Description' }).fill('Back office');
  await form.getByRole('checkbox', { name: 'User created' }).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Register', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'The endpoint’s signing secret' });
  await expect(shown.getByText('This secret will not be shown again.', { exact: false })).toBeVisible();
  const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(secret);
  return secret;
}

/** Removes the endpoint the test made, so that the client's other screens and tests see none of it. */
async function removeEndpoint(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: `Remove the endpoint ${url}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this endpoint?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: url })).toHaveCount(0);
}

test('Internal staff register their client’s back office, see the secret once, its deliveries, send one again, and rotate the secret', async ({
  page,
}) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await openWebhooks(page, { byLink: true });
  await expectNoSeriousA11yViolations(page);
  const url = receiver.url('/desktop');
  receiver.trust(await registerEndpoint(page, '/desktop'));

  const endpoint = page.getByTestId('webhook-endpoint').filter({ has: page.getByRole('heading', { name: url }) });
  await expect(endpoint.getByTestId('webhook-state')).toHaveText('Enabled');
  await expect(endpoint).toContainText('User created');

  const username = `hook.desk.${Date.now()}`;
  await createPersonThroughApi(page, username);
  const [message] = await receiver.waitFor(1);
  expect(message!.isVerified).toBe(true);
  expect(message!.payload).toMatchObject({ type: 'user.created', data: { username, role: 'USER' } });

  await endpoint.getByRole('button', { name: 'Show deliveries' }).click();
  const delivery = endpoint.getByTestId('webhook-delivery').first();
  await expect(delivery).toContainText('User created');
  await expect(delivery).toContainText('Delivered');
  await expect(delivery.getByTestId('webhook-delivery-code')).toHaveText('200');
  await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText('1');
  await expect(delivery).toContainText(message!.id);
  await expectNoSeriousA11yViolations(page);

  await delivery.getByRole('button', { name: `Send the message ${message!.id} again` }).click();
  const copies = await receiver.waitFor(2);
  expect(copies.map((copy) => copy.id)).toEqual([message!.id, message!.id]);
  await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText('2', { timeout: 15_000 });

  // A secret that may have leaked is rotated with no overlap: from then on the new one alone signs.
  await endpoint.getByRole('button', { name: `Rotate the secret of ${url}` }).click();
  const rotating = page.getByRole('dialog', { name: 'Rotate the secret?' });
  await rotating.getByRole('textbox', { name: 'The previous secret keeps signing' }).click();
  await rotating.getByRole('option', { name: 'No longer: it stops at once' }).click();
  await expectNoSeriousA11yViolations(page);
  await rotating.getByRole('button', { name: 'Rotate the secret' }).click();
  const shown = page.getByRole('dialog', { name: 'The endpoint’s signing secret' });
  const rotated = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(rotated).toMatch(/^whsec_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  receiver.forget(...receiver.trusted());
  receiver.trust(rotated);
  await createPersonThroughApi(page, `${username}.2`);
  const [after] = await receiver.waitFor(1, (copy) => copy.payload.data.username === `${username}.2`);
  expect([after!.isVerified, after!.signature.split(' ').length]).toEqual([true, 1]);

  await removeEndpoint(page, url);
});

test('@mobile On a phone, an endpoint is registered and its deliveries read in a table that scrolls in place', async ({ page }) => {
  await openHomeAs(page, 'demo.internal', 'Morgan');
  await openWebhooks(page, { byLink: false });
  const url = receiver.url('/phone');
  receiver.trust(await registerEndpoint(page, '/phone'));
  expect(await fitsTheScreen(page)).toBe(true);

  await createPersonThroughApi(page, `hook.phone.${Date.now()}`);
  const [message] = await receiver.waitFor(1);
  expect(message!.isVerified).toBe(true);

  const endpoint = page.getByTestId('webhook-endpoint').filter({ has: page.getByRole('heading', { name: url }) });
  await endpoint.getByRole('button', { name: 'Show deliveries' }).click();
  const delivery = endpoint.getByTestId('webhook-delivery').first();
  await expect(delivery.getByTestId('webhook-delivery-code')).toHaveText('200');
  await expect(page.getByRole('region', { name: `Deliveries to ${url}` })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await delivery.getByRole('button', { name: `Send the message ${message!.id} again` }).click();
  await receiver.waitFor(2, (copy) => copy.id === message!.id);
  await removeEndpoint(page, url);
});
