import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../../test-support/smtp-sink.js';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import type { DigestRun } from '../src/services/digest.service.js';
import { createTestApp, type TestApp } from './test-app.js';
import {
  BRAND,
  FOREIGN_TYPE,
  HOUR_MS,
  OTHER_OWNER,
  OWNER,
  TYPES,
  createDigestFixture,
  digestStateOf,
  insertArrivals,
  type DigestFixture,
} from './digest-fixture.js';

const WEEK_HOURS = 7 * 24;

let t: TestApp;
let f: DigestFixture;
let people: Record<'daily' | 'weeklyDue' | 'weeklyAfterOneDay' | 'quiet' | 'staff' | 'never', number>;
let run: DigestRun;
let mailsBefore: number;
let runStartedAt: number;

const addressOf = (username: string) => `${username}@example.com`;
const digestTo = (username: string) => t.smtp.waitFor(addressOf(username), { after: mailsBefore, timeoutMs: 10_000 });
const runDigest = async () => (await t.app.scheduledJobs.runNow(JOB_NAMES.digest)) as DigestRun;
/** Lets the queue deliver whatever it holds, so that a mail that should not exist would have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

beforeAll(async () => {
  t = await createTestApp({ SCHEDULED_JOBS: 'false' });
  f = await createDigestFixture(t);
  people = {
    daily: await f.addReader('digest.daily', { digest: { frequency: 'daily', windowHours: 25 } }),
    weeklyDue: await f.addReader('digest.hebdo', { language: 'fr', digest: { frequency: 'weekly', windowHours: WEEK_HOURS + 1 } }),
    weeklyAfterOneDay: await f.addReader('digest.weekly', { digest: { frequency: 'weekly', windowHours: 25 } }),
    quiet: await f.addPerson('digest.quiet', { digest: { frequency: 'daily', windowHours: 25 } }),
    staff: await f.addPerson('digest.staff', { role: 'ADMIN', digest: { frequency: 'daily', windowHours: 25 } }),
    never: await f.addReader('digest.never'),
  };

  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR_MS);
  const { statements, taxSlips, letters } = TYPES;
  // Statements: three of the readers' own in the last day, two more in the week before, and another owner's.
  await insertArrivals(t, f.reportIds[statements.code]!, ago(2), [OWNER, OWNER, OWNER]);
  await insertArrivals(t, f.reportIds[statements.code]!, ago(30), [OWNER, OWNER]);
  await insertArrivals(t, f.reportIds[statements.code]!, ago(1), [OTHER_OWNER, OTHER_OWNER, OTHER_OWNER, OTHER_OWNER]);
  await insertArrivals(t, f.reportIds[statements.code]!, ago(WEEK_HOURS + 5), [OWNER]);
  // Tax slips: one matching both of the readers' groups (counted once), one matching the postal-code group, one of another owner.
  await insertArrivals(t, f.reportIds[taxSlips.code]!, ago(1), [
    OWNER,
    { accountNumber: 'DG-999', postalCode: OWNER.postalCode },
    OTHER_OWNER,
  ]);
  // Types the readers may not see: no access given, another client's.
  await insertArrivals(t, f.reportIds[letters.code]!, ago(1), [OWNER, OWNER]);
  await insertArrivals(t, f.foreignReportId, ago(1), [OWNER, OWNER]);
  // Arrived as the run begins: its transaction might still be open, so it waits for the next window.
  await insertArrivals(t, f.reportIds[statements.code]!, new Date(), [OWNER]);

  mailsBefore = t.smtp.messages.length;
  runStartedAt = Date.now();
  run = await runDigest();
});
afterAll(() => t.close());

describe('the new-document digest job', () => {
  it('considers the people whose period has passed and queues a message for those with something new', () => {
    expect(run).toMatchObject({ usersConsidered: 3, mailsQueued: 2 });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('counts, per type the person may see, the documents of its criteria that arrived in its window', async () => {
    const mail = await digestTo('digest.daily');
    expect(mail.subject).toBe('New documents in your portal');
    expect(listOf(mail)).toEqual(['Statements: 3 new documents', 'Tax slips: 2 new documents']);
    for (const absent of [TYPES.letters.titleEn, FOREIGN_TYPE.titleEn, OWNER.accountNumber, OTHER_OWNER.accountNumber, OWNER.postalCode]) {
      expect(mail.text).not.toContain(absent);
      expect(mail.html).not.toContain(absent);
    }
  });

  it('writes in the person’s contact language, under its experience’s brand, with a link to the portal', async () => {
    const english = await digestTo('digest.daily');
    expect(english.text).toContain('Hello Test,');
    expect(english.text).toContain(`The ${BRAND.nameEn} team`);
    expect(english.text).toContain(`http://portal.test/?exp=${BRAND.code}&lang=en\n`);
    expect(english.from).toEqual({ name: BRAND.nameEn, address: 'no-reply@portal.local' });
    // A brand without a logo is named in its place.
    expect(english.html).not.toContain('<img');
    expect(english.html).toContain(`>${BRAND.nameEn}</span>`);
    expect(english.html).toContain('#0b6e4f');

    // A week's window: the two statements of the week before count too, the one older than the window does not.
    const french = await digestTo('digest.hebdo');
    expect(french.subject).toBe('Nouveaux documents dans votre portail');
    expect(listOf(french)).toEqual(['Relevés\u00a0: 5 nouveaux documents', 'Feuillets fiscaux\u00a0: 2 nouveaux documents']);
    expect(french.text).toContain(`L’équipe ${BRAND.nameFr}`);
    expect(french.text).toContain('une fois par semaine');
  });

  it('carries a one-click unsubscribe address in its headers, and the page that asks in its text', async () => {
    const mail = await digestTo('digest.daily');
    const { pageToken, headerToken } = unsubscribeTokensOf(mail);
    expect(headerToken).toBe(pageToken);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends nothing to a person with nothing new, to a weekly reader after one day, to staff or to a person who chose never', async () => {
    await settle();
    for (const username of ['digest.quiet', 'digest.weekly', 'digest.staff', 'digest.never']) {
      expect(
        t.smtp.messages.slice(mailsBefore).filter((mail) => mail.to.includes(addressOf(username))),
        username,
      ).toEqual([]);
    }
  });

  it('starts the next window where this one ended, messages or not, for the people it considered only', async () => {
    for (const person of [people.daily, people.weeklyDue, people.quiet]) {
      const { digest_since: since } = await digestStateOf(t, person);
      expect(since!.getTime()).toBeGreaterThan(runStartedAt - 2 * 60_000);
      expect(since!.getTime()).toBeLessThan(runStartedAt);
    }
    for (const person of [people.weeklyAfterOneDay, people.staff]) {
      expect((await digestStateOf(t, person)).digest_since!.getTime()).toBeLessThan(runStartedAt - 24 * HOUR_MS);
    }
    expect(await runDigest()).toMatchObject({ usersConsidered: 0, mailsQueued: 0 });
  });

  it('stops a person’s digest when its mail program posts to the List-Unsubscribe address', async () => {
    const mail = await digestTo('digest.hebdo');
    const oneClick = new URL(mail.headers['list-unsubscribe']!.replace(/^<|>$/g, ''));
    const response = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await digestStateOf(t, people.weeklyDue)).digest_frequency).toBe('never');
    expect((await digestStateOf(t, people.daily)).digest_frequency).toBe('daily');
  });
});

/** The lines of the message's list of types, as its plain text gives them. */
function listOf(mail: ReceivedMail): string[] {
  return mail.text
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
}

function unsubscribeTokensOf(mail: ReceivedMail) {
  const page = /http:\/\/portal\.test\/\?exp=\w+&lang=\w+#\/digest\/unsubscribe\?token=([\w.%-]+)/.exec(mail.text);
  const header = /^<http:\/\/portal\.test\/api\/v1\/digest\/unsubscribe\?token=([\w.%-]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  if (!page || !header) throw new Error(`No unsubscribe links in: ${mail.text} ${JSON.stringify(mail.headers)}`);
  return { pageToken: page[1], headerToken: header[1] };
}
