import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Chosen once in the main process; the workers inherit them through the environment. Below the
// kernel's range for outgoing connections (32768 and up), where a client socket may hold any port,
// and below the 21000 and up the server suites start their server processes on.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 900));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_SMTP_HTTP_PORT ??= String(Number(process.env.E2E_PORT) + 2);
process.env.E2E_IDP_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_SAML_PORT ??= String(Number(process.env.E2E_PORT) + 4);
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  // One worker: tests sign the same demo people in, and a code is single use.
  workers: 1,
  // On CI a browser test that fails once is run once more: Playwright then reports it as flaky, by name, and the run still fails when it fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Recording a trace nearly doubles the browser tests' CPU time. On CI, whose failures are run
  // again, only that second run records one: a test that fails twice keeps the trace of its
  // failure. A local run has no second run, so it records each test and keeps a failing one's.
  use: { baseURL, trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, grep: /@mobile/ },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/fixtures/smtp-sink-server.ts',
      cwd: '..',
      url: `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/fixtures/identity-provider-server.ts',
      cwd: '..',
      url: `http://127.0.0.1:${process.env.E2E_IDP_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/fixtures/saml-provider-server.ts',
      cwd: '..',
      url: `http://127.0.0.1:${process.env.E2E_SAML_PORT}/metadata`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: '..',
      url: `${baseURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: process.env.E2E_PORT,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // The same server by its name: passkeys need a secure origin, and over plain HTTP only localhost is one.
        PUBLIC_URL: `http://localhost:${process.env.E2E_PORT}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        JOB_POLL_SECONDS: '0.5',
        // Every browser test signs in from 127.0.0.1; the limits themselves are proven by the server tests.
        LOGIN_LIMIT_PER_IP: '10000',
        LOGIN_LIMIT_PER_USERNAME: '10000',
        REGISTRATION_LIMIT_PER_IP: '10000',
        REGISTRATION_LIMIT_PER_EMAIL: '10000',
        CODE_SEND_LIMIT_PER_IP: '10000',
        // Few enough that a word in all of demo.user's 36 statements, sorted by relevance, ranks only the first.
        SEARCH_RANKED_AT_MOST: '5',
      },
    },
  ],
});
