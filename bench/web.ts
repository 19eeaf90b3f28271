/**
 * npm run bench:web [-- --lighthouse-runs 3 --reports DIR]
 * What a phone downloads, and how Lighthouse scores the pages it lands on. Builds nothing itself
 * (the npm script builds the web app first), starts the real server on a fresh embedded database
 * with the demo data and a real SMTP server for the sign-in code, then:
 * - walks a whole session in Debian's Chromium as a Pixel 7 (the login page, the code page, the
 *   dashboard, one document list) and adds up the bytes that crossed the network per step,
 *   scripts apart, as the server sent them (compressed);
 * - runs Lighthouse's mobile profile (simulated slow 4G and a slower CPU) on the login page and on
 *   the signed-in dashboard, the median of a few runs.
 * Prints the figures and writes them under bench/results/; with --reports, each Lighthouse run's
 * whole report too (its timings, request chains and largest-paint breakdown), for finding causes.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices, expect, type BrowserContext, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { codeOf, SmtpSink } from '../test-support/smtp-sink.js';
import { startServerProcess } from './server-process.js';

const { values: args } = parseArgs({
  options: { 'lighthouse-runs': { type: 'string', default: '3' }, reports: { type: 'string' } },
});
const LIGHTHOUSE_RUNS = Number(args['lighthouse-runs']);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const PERSON = { username: 'demo.user', firstName: 'Camille', password: 'Portal#2026' };

interface StepBytes {
  step: string;
  scriptFiles: number;
  scriptBytes: number;
  allBytes: number;
  /** Since the first byte of the login page: what a person has downloaded once this step shows. */
  scriptBytesSoFar: number;
  allBytesSoFar: number;
}

interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  /** Audits of the accessibility and best-practice categories that did not pass, by id. */
  failedAudits: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Counts what crosses the network while `step` runs, once the page has settled. */
async function bytesOf(page: Page, step: () => Promise<void>) {
  const seen = { scriptFiles: 0, scriptBytes: 0, allBytes: 0 };
  const pending: Promise<void>[] = [];
  const onFinished = (request: import('@playwright/test').Request) => {
    pending.push(
      request.sizes().then((sizes) => {
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        seen.allBytes += bytes;
        if (request.resourceType() === 'script') {
          seen.scriptFiles += 1;
          seen.scriptBytes += sizes.responseBodySize;
        }
      }),
    );
  };
  page.on('requestfinished', onFinished);
  await step();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  await Promise.all(pending);
  return seen;
}

async function walkSession(context: BrowserContext, baseUrl: string, smtp: SmtpSink): Promise<StepBytes[]> {
  const page = await context.newPage();
  const steps: StepBytes[] = [];
  const record = async (step: string, action: () => Promise<void>) => {
    const seen = await bytesOf(page, action);
    const before = steps.at(-1);
    steps.push({
      step,
      ...seen,
      scriptBytesSoFar: (before?.scriptBytesSoFar ?? 0) + seen.scriptBytes,
      allBytesSoFar: (before?.allBytesSoFar ?? 0) + seen.allBytes,
    });
  };
  await record('login page', async () => {
    await page.goto(`${baseUrl}/#/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
  const mailsBefore = smtp.messages.length;
  await record('code page', async () => {
    await page.getByLabel('Username', { exact: true }).fill(PERSON.username);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeEnabled({ timeout: 5_000 });
    await password.fill(PERSON.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
  });
  const mail = await smtp.waitFor(`${PERSON.username}@example.com`, { after: mailsBefore, timeoutMs: 15_000 });
  await record('dashboard', async () => {
    await page.getByLabel('Verification code').fill(codeOf(mail));
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${PERSON.firstName}` })).toBeVisible();
  });
  await record('one document list', async () => {
    await page.getByRole('button', { name: /Account statements/ }).click();
    await expect(page.getByRole('region', { name: 'Account statements', exact: true })).toBeVisible();
  });
  await page.close();
  return steps;
}

async function clearHttpCache(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

async function saveReport(dir: string, url: string, run: number, report: string | string[]) {
  await mkdir(dir, { recursive: true });
  const page = new URL(url).hash.replace(/[^a-z]/gi, '') || 'root';
  await writeFile(path.join(dir, `lighthouse-${page}-${run + 1}.json`), Array.isArray(report) ? report.join('\n') : report);
}

async function runLighthouse(url: string, port: number, keepSession: boolean, context: BrowserContext): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    // Kept storage keeps the HTTP cache too: empty it, so the page is measured as a first visit after signing in.
    if (keepSession) await clearHttpCache(context);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The dashboard needs the session the walk above opened; the login page is measured as a newcomer sees it.
      disableStorageReset: keepSession,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (args.reports) await saveReport(args.reports, url, run, result.report);
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const value = (key: string) => audits[key]?.numericValue ?? NaN;
    runs.push({
      page: url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      firstContentfulPaintMs: Math.round(value('first-contentful-paint')),
      largestContentfulPaintMs: Math.round(value('largest-contentful-paint')),
      totalBlockingTimeMs: Math.round(value('total-blocking-time')),
      cumulativeLayoutShift: Number(value('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(value('speed-index')),
      failedAudits: ['accessibility', 'best-practices'].flatMap((category) =>
        (categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
      ),
    });
  }
  // The median run by performance score, as Lighthouse's own guidance recommends.
  return runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-web-'));
  const smtp = await new SmtpSink().start();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      SCHEDULED_JOBS: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseUrl,
    },
    port,
  );
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(path.join(dataDir, 'chromium-profile'), {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
    ...devices['Pixel 7'],
  });
  try {
    // First the login page as a newcomer sees it: a fresh profile that has never signed in.
    const lighthouseLogin = await runLighthouse(`${baseUrl}/#/login`, debuggingPort, false, context);
    // Then a whole session from an empty cache; it leaves the session signed in for the dashboard's runs.
    await clearHttpCache(context);
    const steps = await walkSession(context, baseUrl, smtp);
    const lighthouseDashboard = await runLighthouse(`${baseUrl}/#/`, debuggingPort, true, context);

    console.log('Bytes per step of a session on a phone (as sent, compressed):');
    console.table(
      steps.map((s) => ({
        step: s.step,
        'script files': s.scriptFiles,
        'script KB': (s.scriptBytes / 1024).toFixed(1),
        'all KB': (s.allBytes / 1024).toFixed(1),
        'script KB so far': (s.scriptBytesSoFar / 1024).toFixed(1),
        'all KB so far': (s.allBytesSoFar / 1024).toFixed(1),
      })),
    );
    console.log(`Lighthouse, mobile profile, median of ${LIGHTHOUSE_RUNS}:`);
    console.table([lighthouseLogin, lighthouseDashboard]);

    const resultsDir = path.join(import.meta.dirname, 'results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `web-${new Date().toISOString().replace(/[:]/g, '').slice(0, 17)}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          device: 'Pixel 7',
          lighthouseRuns: LIGHTHOUSE_RUNS,
          steps,
          lighthouse: [lighthouseLogin, lighthouseDashboard],
        },
        null,
        2,
      ),
    );
    console.log(`Written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await context.close();
    await server.stop();
    await smtp.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
