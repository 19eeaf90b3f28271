import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { person, openRegistrationFixture } from './registration-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf } from './wire.js';

const registration = useFixture(openRegistrationFixture);

describe('registration steps', () => {
  it('checks the user information and reports every field in error with the registration messages', async () => {
    const taken = await registration.post('/api/validateregistrationstep1', person({ userName: 'statements.holder' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ error: 'errors.registrationUsernameTaken', msg: 'The username provided is already used.' });

    const several = await registration.post(
      '/api/validateregistrationstep1',
      person({ email: 'not-an-address', password: 'short', confirmPassword: 'other' }),
    );
    expect(several.statusCode).toBe(400);
    expect(several.json().issues).toEqual([
      { path: 'email', message: 'errors.registrationEmailInvalid' },
      { path: 'password', message: 'errors.registrationPasswordWeak' },
      { path: 'confirmPassword', message: 'errors.registrationPasswordNotConfirmed' },
    ]);
    expect(several.json().msg).toBe('The email address is not valid.');

    const common = await registration.post('/api/validateregistrationstep1', person({ password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' }));
    expect(common.json().error).toBe('errors.registrationPasswordWeak');
  });

  it('sends one code per address at a time, checks it without using it up, and lists the client’s types pre-checked', async () => {
    const model = person();
    const before = registration.t.smtp.messages.length;
    const step1 = await registration.post('/api/validateregistrationstep1', model, { lang: 'fr' });
    expect(step1.statusCode).toBe(200);
    expect(step1.json().nextResendSeconds).toBe(30);
    const codes = answerOf(endpoints.validateRegistrationStep1, step1).reportsLst;
    const ofClient = await registration.t.database.db
      .selectFrom('report_definitions as r')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .select('r.id')
      .where('c.code', '=', 'NBF')
      .execute();
    expect(new Set(codes.map((r) => r.Id))).toEqual(new Set(ofClient.map((r) => r.id)));
    expect(codes).toHaveLength(ofClient.length);
    expect(codes.every((r) => r.Checked)).toBe(true);
    const mail = await registration.t.smtp.waitFor(model.email, { after: before });
    // In the language of the session the visitor registers in.
    expect(mail.subject).toBe('Confirmez votre adresse courriel');

    // Back to the first step and forward again: no second mail, the same code stands.
    const again = await registration.post('/api/validateregistrationstep1', model);
    expect(again.statusCode).toBe(200);
    expect(again.json().nextResendSeconds).toBeGreaterThan(0);
    const resend = await registration.post('/api/sendcontactvalidationcode', model);
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error).toBe('errors.resendTooSoon');

    const wrong = await registration.post('/api/validateregistrationstep2', {
      data: model,
      contactValidationCode: '0000000' === codeOf(mail) ? '1111111' : '0000000',
    });
    expect(wrong.json()).toMatchObject({ error: 'errors.registrationCodeInvalid', msg: 'The validation code is not valid.' });
    for (let i = 0; i < 2; i++) {
      expect(
        (await registration.post('/api/validateregistrationstep2', { data: model, contactValidationCode: codeOf(mail) })).statusCode,
      ).toBe(200);
    }
  });

  it('asks for at least one type and answers the identifying attributes of each ticked type', async () => {
    const model = person();
    const none = await registration.post('/api/validateregistrationstep3', {
      ...model,
      reportsLst: [{ Id: await registration.reportId('NBF-STMT'), Checked: false }],
    });
    expect(none.json()).toMatchObject({ error: 'errors.noDocumentTypeChosen', msg: 'You must choose at least one document type.' });
    const chosen = await registration.post('/api/validateregistrationstep3', {
      ...model,
      reportsLst: [{ Id: await registration.reportId('NBF-STMT'), Checked: true }],
    });
    expect(chosen.json().choosenReports).toEqual([
      expect.objectContaining({
        Id: await registration.reportId('NBF-STMT'),
        TitleEn: 'Account statements',
        Attributes: [
          expect.objectContaining({
            NameEn: 'Account number',
            NameFr: 'Numéro de compte',
            Value: '',
            DescriptionEn: expect.stringContaining('printed'),
          }),
          expect.objectContaining({ NameEn: 'Postal code', NameFr: 'Code postal', Value: '' }),
        ],
      }),
    ]);
    const otherClient = await registration.post('/api/validateregistrationstep3', {
      ...model,
      reportsLst: [{ Id: await registration.reportId('LAU-BILL'), Checked: true }],
    });
    expect(otherClient.json().error).toBe('errors.subscriptionInvalid');
  });
});
