import { expect, test } from '@playwright/test';
import { codeOf, linkOf, readMailbox, waitForMail } from '../../fixtures/mailbox';
import { readSignInCode, signInWithForm } from '../../fixtures/portal';
import { newVisitor } from '../../fixtures/registration';
import {
  MATRIX_RUNS,
  axeChecker,
  closeWithEscape,
  labelOf,
  openLoginIn,
  pixel7,
  switchSignedInLanguage,
  textOf,
} from '../../fixtures/accessibility-matrix';

/**
 * Every screen and dialog of a visitor and of a customer, checked by axe in the four runs of the
 * matrix (see the fixture): the login page, the forgotten and the reset password, the four steps
 * of registration with their refusals, then a customer's dashboard and the subscription dialog.
 * Northbridge lets a visitor continue when another user has the same subscription data (the
 * duplicate dialog); Laurentian refuses it (the refusal beside the fields): each run meets its own.
 */
const CUSTOMERS = {
  NBF: { username: 'demo.user', firstName: 'Camille', accountLanguage: 'en', owner: ['NB-100200', 'H2X 1Y4'] },
  LAU: { username: 'lau.user', firstName: 'Émilie', accountLanguage: 'fr', owner: undefined },
} as const;

for (const run of MATRIX_RUNS) {
  const label = labelOf(run);
  const customer = CUSTOMERS[run.brand];
  test.describe(label, () => {
    if (run.phone) test.use(pixel7);

    test(`Every screen and dialog of a visitor and a customer has no serious accessibility violation (${label})`, async ({ page }) => {
      test.setTimeout(180_000);
      const t = (key: string, values?: Record<string, string>) => textOf(run.language, key, values);
      const findings: string[] = [];
      const check = axeChecker(page, findings);
      const stepTitle = page.getByTestId('registration-step-title');
      const next = page.getByRole('button', { name: t('registration.next') });

      await openLoginIn(page, run.brand, run.language);
      await check('login');

      // The forgotten password, the answer that does not say whether the account exists, and the reset page of the link.
      await page.getByRole('link', { name: t('auth.login.forgotPassword') }).click();
      await expect(page.getByRole('heading', { name: t('forgotPassword.title'), level: 1 })).toBeVisible();
      await check('forgot password');
      const mailbox = `${customer.username}@example.com`;
      const mailsBefore = (await readMailbox(mailbox)).length;
      await page.getByLabel(t('forgotPassword.username'), { exact: true }).fill(customer.username);
      await page.getByRole('button', { name: t('forgotPassword.submit') }).click();
      const sent = page.getByRole('dialog', { name: t('forgotPassword.sentTitle') });
      await expect(sent).toBeVisible();
      await check('forgot password, e-mail sent');
      await sent.getByRole('button', { name: t('common.ok') }).click();
      // The link opens the page in the customer's own language; the run then reads it in its own.
      await page.goto(linkOf(await waitForMail(mailbox, mailsBefore)).replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.locator('html')).toHaveAttribute('lang', customer.accountLanguage);
      if (customer.accountLanguage !== run.language) await page.getByTestId('language-toggle').click();
      await expect(page.getByRole('heading', { name: t('resetPassword.title'), level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', run.language);
      await check('reset password');

      // A digest's unsubscribe page, and its answer to a link the portal did not sign (the digest's own test follows a real one).
      await page.goto(`/?exp=${run.brand}#/digest/unsubscribe?token=1.not-a-signature`);
      await expect(page.getByRole('heading', { name: t('digestUnsubscribe.title'), level: 1 })).toBeVisible();
      await check('digest unsubscribe');
      await page.getByRole('button', { name: t('digestUnsubscribe.stop') }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await check('digest unsubscribe, link not valid');

      // Registration: each step, a step refused, and the last step's answer to data another user has.
      await page.goto(`/?exp=${run.brand}#/register`);
      await expect(stepTitle).toHaveText(t('registration.stepTitle', { number: '1', count: '4', name: t('registration.steps.userInfo') }));
      await check('registration, your information');
      await next.click();
      await expect(page.getByRole('textbox', { name: t('registration.firstName'), exact: true })).toHaveAttribute('aria-invalid', 'true');
      await check('registration, your information refused');
      const visitor = newVisitor(run.brand === 'NBF' ? 'Ines' : 'Olivier');
      const field = (key: string) => page.getByRole('textbox', { name: t(`registration.${key}`), exact: true });
      await field('firstName').fill(visitor.firstName);
      await field('lastName').fill(visitor.lastName);
      await field('email').fill(visitor.email);
      await field('userName').fill(visitor.userName);
      await field('password').fill(visitor.password);
      await field('confirmPassword').fill(visitor.password);
      await next.click();
      await expect(stepTitle).toHaveText(t('registration.stepTitle', { number: '2', count: '4', name: t('registration.steps.code') }));
      await check('registration, verification code');
      await page.getByRole('textbox', { name: t('code.label') }).fill(codeOf(await waitForMail(visitor.email, 0)));
      await next.click();
      await expect(stepTitle).toHaveText(t('registration.stepTitle', { number: '3', count: '4', name: t('registration.steps.types') }));
      await check('registration, document types');
      // One type only: its fields are the account number and the postal code under both brands.
      const types = page.getByRole('checkbox');
      for (const checkbox of (await types.all()).slice(1)) await checkbox.uncheck();
      await next.click();
      await expect(stepTitle).toHaveText(
        t('registration.stepTitle', { number: '4', count: '4', name: t('registration.steps.attributes') }),
      );
      await check('registration, your documents');
      const signUp = page.getByRole('button', { name: t('registration.signUp') });
      await signUp.click();
      await expect(page.getByText(t('validation.required')).first()).toBeVisible();
      await check('registration, your documents refused');
      if (customer.owner) {
        const [accountNumber, postalCode] = customer.owner;
        const fields = page.getByRole('group').getByRole('textbox');
        await fields.nth(0).fill(accountNumber);
        await fields.nth(1).fill(postalCode);
        await signUp.click();
        const duplicate = page.getByRole('dialog');
        await expect(duplicate.getByRole('listitem')).toHaveCount(1);
        await check('registration, duplicate subscription');
        // Cancel: the visitor stays on the last step and no account is made.
        await duplicate.getByRole('button', { name: t('common.cancel') }).click();
        await expect(duplicate).toBeHidden();
      }

      // A customer's dashboard and the subscription dialog, both of its steps.
      await openLoginIn(page, run.brand, run.language);
      const codesBefore = (await readMailbox(mailbox)).length;
      await signInWithForm(page, customer.username);
      await page.getByLabel(t('code.label')).fill(await readSignInCode(customer.username, codesBefore));
      await page.getByRole('button', { name: t('mfa.submit') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await switchSignedInLanguage(page, run.phone, run.language);
      await expect(page.getByRole('heading', { name: t('dashboard.welcome', { firstname: customer.firstName }) })).toBeVisible();
      await check('customer dashboard');
      await page.getByRole('button', { name: t('onboarding.add') }).click();
      const onboarding = page.getByRole('dialog', { name: t('onboarding.title') });
      await expect(onboarding.getByRole('checkbox').first()).toBeVisible();
      await check('subscription, document types');
      // Every type is already the customer's, so none is ticked: Next is refused until one is.
      await onboarding.getByRole('button', { name: t('onboarding.next') }).click();
      await expect(onboarding.getByText(t('errors.noDocumentTypeChosen'))).toBeVisible();
      await check('subscription, no type chosen');
      await onboarding.getByRole('checkbox').first().check();
      await onboarding.getByRole('button', { name: t('onboarding.next') }).click();
      await expect(onboarding.getByRole('button', { name: t('onboarding.subscribe') })).toBeVisible();
      await check('subscription, your documents');
      await closeWithEscape(page, onboarding);

      await switchSignedInLanguage(page, run.phone, customer.accountLanguage);
      expect(findings).toEqual([]);
    });
  });
}
