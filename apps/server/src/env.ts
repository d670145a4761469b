import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { currencyCodes } from '@keywright/contract';

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** A time-out in seconds; fractions allowed, so tests can wait a fraction of one. */
const seconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  APP_URL: optional.pipe(z.url().optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  APP_NAME: z.string().default('Keywright'),
  /** The administrators' e-mail addresses, comma separated: only they are shown which settings turn a feature on. */
  ADMIN_EMAILS: optional,
  CONTACT_EMAIL: z.string().default('hello@keywright.local'),
  /** The ISO 4217 code of money when a project names no country the server knows. */
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => currencyCodes.includes(code), 'CURRENCY must be an ISO 4217 code such as USD, GBP or EUR')
    .default('USD'),
  /** Whether this process works background jobs (generation, grouping, intent filling); web-only instances may say false. */
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  AUTH_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Documents read at once, each in its own worker thread (issue 28). */
  DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Document uploads that may wait for a worker beyond those being read; one more is a 503. */
  DOCUMENT_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** Where uploaded documents are written while they wait and are read; the system's temporary directory when unset. */
  UPLOAD_DIR: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LLM_BASE_URL: optional,
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
  /** Seconds one request to the LLM endpoint may take, its whole answer included; a local model can be slow. */
  LLM_TIMEOUT_SECONDS: seconds(120),
  /** Which keyword figures: Google Ads when its credentials are set, else the offline estimate (auto); or force one, or none. */
  METRICS_PROVIDER: z.enum(['auto', 'google-ads', 'estimate', 'none']).default('auto'),
  GOOGLE_ADS_API_VERSION: z.string().default('v26'),
  GOOGLE_ADS_API_BASE_URL: z.url().default('https://googleads.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_ADS_CUSTOMER_ID: optional,
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: optional,
  GOOGLE_ADS_CLIENT_ID: optional,
  GOOGLE_ADS_CLIENT_SECRET: optional,
  GOOGLE_ADS_REFRESH_TOKEN: optional,
  GOOGLE_ADS_DEVELOPER_TOKEN: optional,
  /** Seconds one request to Google Ads (or its token exchange) may take, its whole answer included. */
  GOOGLE_ADS_TIMEOUT_SECONDS: seconds(30),
  /** The OAuth client of Google Drive import (a web application client; its redirect URI is `${APP_URL}/api/auth/google/callback`). */
  GOOGLE_OAUTH_CLIENT_ID: optional,
  GOOGLE_OAUTH_CLIENT_SECRET: optional,
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_DRIVE_API_BASE_URL: z.url().default('https://www.googleapis.com'),
  /** Seconds one request to Google Drive (or its token exchange) may take, a whole download included. */
  GOOGLE_DRIVE_TIMEOUT_SECONDS: seconds(60),
  /** Search Console API address (the client adds /webmasters/v3); a proxy or a test double. */
  GOOGLE_SEARCH_CONSOLE_API_BASE_URL: z.url().default('https://www.googleapis.com'),
  /** Seconds one request to Search Console (or its token exchange) may take, a page of 25,000 rows included. */
  GOOGLE_SEARCH_CONSOLE_TIMEOUT_SECONDS: seconds(60),
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_PROVIDER_NAME: z.string().default('Single sign-on'),
  /** Seconds one request of the sign-in to the OIDC provider (code exchange, user info) may take. */
  OIDC_TIMEOUT_SECONDS: seconds(10),
});

export type Env = z.infer<typeof envSchema> & {
  /** The public URL, always set after loading. */
  APP_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
};

export class EnvError extends Error {}

/** Reads and validates the environment once; fails with every problem listed. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new EnvError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    DATA_DIR: dataDir,
    APP_URL: appUrl.replace(/\/$/, ''),
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
  };
}

/** A secret generated once into the data directory, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function isOidcConfigured(env: Env): boolean {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}

export function isGoogleDriveConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_OAUTH_CLIENT_ID && env.GOOGLE_OAUTH_CLIENT_SECRET);
}

export function isGoogleAdsConfigured(env: Env): boolean {
  return Boolean(
    env.GOOGLE_ADS_CUSTOMER_ID &&
    env.GOOGLE_ADS_CLIENT_ID &&
    env.GOOGLE_ADS_CLIENT_SECRET &&
    env.GOOGLE_ADS_REFRESH_TOKEN,
  );
}
