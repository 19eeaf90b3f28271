import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { checkStorageEnv, readStorageConfig, StorageEnvShape, type StorageConfig } from './transports/storage/storage-config.js';
import { FEW_TEXT_MATCHES, RANKED_MATCHES_AT_MOST } from './db/repositories/document-text-search.js';
import { databaseAddressProblem } from './db/database-address.js';

/** An address or a CIDR range, as a proxy list names them: 10.0.0.5, 10.0.0.0/8, ::1, fd00::/8. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
const ProxyListSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), 'a comma-separated list of addresses or CIDR ranges');

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => ['true', '1', 'yes'].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./var'),
  DATABASE_URL: z
    .string()
    .superRefine((value, context) => {
      const problem = databaseAddressProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  DATABASE_READ_URLS: z
    .string()
    .transform((value) =>
      value
        .split(/\s+|;/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .superRefine((urls, context) => {
      if (urls.length === 0) context.addIssue({ code: 'custom', message: 'one or more postgres:// addresses, separated by spaces' });
      // Addresses hold passwords: a problem names the address by its place in the list.
      urls.forEach((url, index) => {
        const problem = databaseAddressProblem(url, { oneHost: true });
        if (problem) context.addIssue({ code: 'custom', message: `address ${index + 1}: ${problem}` });
      });
    })
    .optional(),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3_600).default(5),
  // Unset: on, except through a transaction pooler (PgBouncer keeps prepared statements only from 1.21, with max_prepared_statements).
  DATABASE_PREPARED_STATEMENTS: booleanFromEnv.optional(),
  /** `transaction`: DATABASE_URL goes through a pooler in transaction mode (db/transaction-pooler.ts). */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  DATABASE_DIRECT_URL: z
    .string()
    .url()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'a postgres:// address')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO_DATA: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  CUSTOMER_VIEW_MINUTES: z.coerce.number().int().min(1).max(120).default(30),
  WEB_DIST_DIR: z.string().optional(),
  DOCUMENTS_DIR: z.string().optional(),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  SCHEDULED_JOBS: booleanFromEnv.optional(),
  INGESTION_MAX_FILE_MB: z.coerce.number().int().positive().max(2_048).default(50),
  INGESTION_MAX_UPLOADS_PER_KEY: z.coerce.number().int().min(1).max(1_000).default(16),
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  SEARCH_RANKED_AT_MOST: z.coerce.number().int().min(1).max(FEW_TEXT_MATCHES).default(RANKED_MATCHES_AT_MOST),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3_600).default(25),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().positive().max(365).default(5),
  WEBHOOK_RETRY_SCHEDULE_SECONDS: z
    .string()
    .regex(/^[\d.]+(,[\d.]+)*$/, 'seconds, comma-separated')
    .optional(),
  TRUSTED_PROXIES: ProxyListSchema.optional(),
  HEAVY_DOWNLOADS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(2),
  SEARCHES_PER_PERSON: z.coerce.number().int().min(1).max(100).default(4),
  LOCKOUT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOCKOUT_MINUTES: z.coerce.number().int().positive().default(15),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(128).default(8),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(8).max(128).default(30),
  PASSWORD_HISTORY: z.coerce.number().int().min(0).max(24).default(5),
  CODE_TTL_MINUTES: z.coerce.number().int().positive().default(10),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  TRUSTED_DEVICE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  WELCOME_TOKEN_TTL_DAYS: z.coerce.number().int().positive().max(30).default(7),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().positive().default(10),
  REGISTRATION_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  REGISTRATION_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  CODE_SEND_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  CODE_SEND_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(6),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Customer portal <no-reply@portal.local>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  SMS_FROM: z.string().default('PORTAL'),
  ...StorageEnvShape,
});
/**
 * Metrics tokens that have been published (the compose file once shipped the first): anyone who
 * read the recipe knows them, so production refuses to start with one.
 */
export const PUBLISHED_METRICS_TOKENS: readonly string[] = ['change-this-metrics-token', 'metrics-token-of-the-tests'];

function checkDatabaseEnv(env: z.infer<typeof EnvSchema>, context: z.RefinementCtx) {
  if (env.DATABASE_READ_URLS && !env.DATABASE_URL) {
    context.addIssue({ code: 'custom', path: ['DATABASE_READ_URLS'], message: 'replicas of DATABASE_URL: set DATABASE_URL too' });
  }
}

function checkMetricsEnv(env: z.infer<typeof EnvSchema>, context: z.RefinementCtx) {
  if (env.METRICS_TOKEN === undefined) return;
  if (env.NODE_ENV === 'production' && PUBLISHED_METRICS_TOKENS.includes(env.METRICS_TOKEN)) {
    context.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'a published example token; choose a secret one' });
  }
  if (env.METRICS_PORT === env.PORT && env.PORT !== 0) {
    context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: metrics are never on the public port' });
  }
}

/** The pooler mode needs a way around the pooler for what holds a session (the start-up lock, migrations). */
function checkPoolerEnv(env: z.infer<typeof EnvSchema>, context: z.RefinementCtx) {
  if (env.DATABASE_POOLER === 'transaction') {
    if (!env.DATABASE_URL) {
      context.addIssue({ code: 'custom', path: ['DATABASE_POOLER'], message: 'says how DATABASE_URL is reached: set DATABASE_URL too' });
    }
    if (!env.DATABASE_DIRECT_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message:
          "required with DATABASE_POOLER=transaction: the database's own address, bypassing the pooler, for the start-up lock and migrations (session advisory locks, which a transaction pooler cannot keep)",
      });
    } else if (env.DATABASE_DIRECT_URL === env.DATABASE_URL) {
      context.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'must bypass the pooler: it is DATABASE_URL itself' });
    }
  } else if (env.DATABASE_DIRECT_URL) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_DIRECT_URL'],
      message: 'only read with DATABASE_POOLER=transaction: without a pooler, DATABASE_URL is the direct address',
    });
  }
}

/** Settings that only make sense together are checked once every variable has been read. */
const CheckedEnvSchema = EnvSchema.superRefine(checkStorageEnv)
  .superRefine(checkMetricsEnv)
  .superRefine(checkDatabaseEnv)
  .superRefine(checkPoolerEnv);

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of the database that serve reads, and how far behind one may be to serve them. */
  readReplicas: { urls: string[]; maxLagSeconds: number };
  /** Whether repeated reads run as named prepared statements (see db/named-statements.ts). */
  preparedStatements: boolean;
  /** Set when DATABASE_URL goes through a transaction-mode pooler: the address that bypasses it. */
  transactionPooler: { directUrl: string } | undefined;
  publicUrl: string;
  seedDemoData: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** `customerViewMinutes`: how long a member of staff may see a customer's portal in one customer view. */
  session: { idleMinutes: number; maxHours: number; customerViewMinutes: number };
  lockout: { maxAttempts: number; minutes: number };
  /** 0: passwords never expire. */
  passwordMaxAgeDays: number;
  passwordPolicy: { minLength: number; maxLength: number; history: number };
  codes: { ttlMinutes: number; maxAttempts: number };
  /** How long a device trusted at the code step skips the code (0: devices cannot be trusted). */
  trustedDeviceDays: number;
  resetTokenTtlMinutes: number;
  /** Lifetime of the link a new user receives to choose a first password. */
  welcomeTokenTtlDays: number;
  /** Sign-in attempts allowed per minute, counted before any password hash is computed. */
  loginLimits: { perIp: number; perUsername: number };
  /** Per hour: registration attempts and registration codes sent, per address and per e-mail. */
  registrationLimits: { attemptsPerIp: number; attemptsPerEmail: number; codesPerIp: number; codesPerEmail: number };
  mail: { smtpUrl: string | undefined; from: string };
  sms: { providerUrl: string | undefined; token: string | undefined; from: string };
  webDistDir: string;
  documentsDir: string;
  /** Files under `documentsDir`, or an S3-compatible store. */
  storage: StorageConfig;
  jobPollSeconds: number;
  /** Whether this instance registers, fires and runs the scheduled jobs (retention, orphan sweep, digest). */
  scheduledJobs: boolean;
  /**
   * Documents sent on the versioned routes: a larger file is refused as soon as it passes this
   * size; one API key may have this many uploads in flight at once in an instance (one more: 429).
   */
  ingestion: { maxFileBytes: number; maxUploadsPerKey: number };
  /** PostgreSQL cancels a statement of a document list or search after this long (0: never). */
  searchStatementTimeoutMs: number;
  /** Sorted by relevance, at most this many matches are ranked, the first of the list's order; the others follow them. */
  searchRankedAtMost: number;
  /** The bearer token /metrics asks for; without one, there is no metrics listener at all. */
  metricsToken: string | undefined;
  /** The port of the metrics listener, apart from the public one so that no proxy route can reach it. */
  metricsPort: number;
  /** On a stop signal, how long the requests in flight may take to finish before their connections are cut. */
  shutdownGraceSeconds: number;
  /** Webhook attempts: their timeout, the pauses before each retry, and how long an endpoint fails before it is disabled. */
  webhooks: { timeoutMs: number; retryScheduleSeconds: number[] | undefined; disableAfterDays: number };
  /**
   * Whose X-Forwarded-For names the client: the listed proxies' (addresses or ranges) only.
   * Unset, nobody's, in production too: a header anyone can write must not choose the address
   * that rate limits, lockouts and a trusted device's network check count on.
   */
  trustedProxies: string[] | false;
  /** Zips, merged PDFs and usage spreadsheets one person may have on their way at once, per instance. */
  heavyDownloadsPerPerson: number;
  /** Document lists, searches and access previews one person may have running at once, per instance. */
  searchesPerPerson: number;
}

/** Reads the environment once; a missing or bad value stops start-up with the whole list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = CheckedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    readReplicas: { urls: e.DATABASE_READ_URLS ?? [], maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS },
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? e.DATABASE_POOLER !== 'transaction',
    transactionPooler: e.DATABASE_POOLER === 'transaction' && e.DATABASE_DIRECT_URL ? { directUrl: e.DATABASE_DIRECT_URL } : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    seedDemoData: e.SEED_DEMO_DATA ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS, customerViewMinutes: e.CUSTOMER_VIEW_MINUTES },
    lockout: { maxAttempts: e.LOCKOUT_MAX_ATTEMPTS, minutes: e.LOCKOUT_MINUTES },
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    passwordPolicy: { minLength: e.PASSWORD_MIN_LENGTH, maxLength: e.PASSWORD_MAX_LENGTH, history: e.PASSWORD_HISTORY },
    codes: { ttlMinutes: e.CODE_TTL_MINUTES, maxAttempts: e.CODE_MAX_ATTEMPTS },
    trustedDeviceDays: e.TRUSTED_DEVICE_DAYS,
    resetTokenTtlMinutes: e.RESET_TOKEN_TTL_MINUTES,
    welcomeTokenTtlDays: e.WELCOME_TOKEN_TTL_DAYS,
    loginLimits: { perIp: e.LOGIN_LIMIT_PER_IP, perUsername: e.LOGIN_LIMIT_PER_USERNAME },
    registrationLimits: {
      attemptsPerIp: e.REGISTRATION_LIMIT_PER_IP,
      attemptsPerEmail: e.REGISTRATION_LIMIT_PER_EMAIL,
      codesPerIp: e.CODE_SEND_LIMIT_PER_IP,
      codesPerEmail: e.CODE_SEND_LIMIT_PER_EMAIL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: { providerUrl: e.SMS_PROVIDER_URL, token: e.SMS_PROVIDER_TOKEN, from: e.SMS_FROM },
    documentsDir: path.resolve(e.DOCUMENTS_DIR ?? path.join(e.DATA_DIR, 'documents')),
    storage: readStorageConfig(e),
    jobPollSeconds: e.JOB_POLL_SECONDS,
    scheduledJobs: e.SCHEDULED_JOBS ?? true,
    ingestion: { maxFileBytes: e.INGESTION_MAX_FILE_MB * 1_048_576, maxUploadsPerKey: e.INGESTION_MAX_UPLOADS_PER_KEY },
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    searchRankedAtMost: e.SEARCH_RANKED_AT_MOST,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      retryScheduleSeconds: e.WEBHOOK_RETRY_SCHEDULE_SECONDS?.split(',').map(Number),
      disableAfterDays: e.WEBHOOK_DISABLE_AFTER_DAYS,
    },
    heavyDownloadsPerPerson: e.HEAVY_DOWNLOADS_PER_PERSON,
    searchesPerPerson: e.SEARCHES_PER_PERSON,
    trustedProxies: e.TRUSTED_PROXIES ?? false,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
