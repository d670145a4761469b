import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, noBrowser } from './support/browser';

/**
 * Single sign-on as a person does it: a Keywright configured with a local
 * OpenID Connect provider (oidc-provider, its development login and consent
 * pages), the "Continue with …" button, the provider's pages, and back.
 */

const root = fileURLToPath(new URL('../', import.meta.url));
const serverBundle = path.join(root, 'apps/server/dist/server.js');

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

let identityProvider: Server;
let keywright: ChildProcess | undefined;
let dataDir: string;
let appUrl: string;
let browser: Browser | undefined;

beforeAll(async () => {
  if (noBrowser) return;
  if (!existsSync(serverBundle)) throw new Error('Run `npm run build` first');
  identityProvider = createServer();
  const issuer = `http://127.0.0.1:${await listen(identityProvider)}`;
  const probe = createServer();
  const appPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  appUrl = `http://127.0.0.1:${appPort}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'keywright-e2e',
        client_secret: 'keywright-e2e-secret',
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@idp.example`, email_verified: true, name: `SSO ${id}` }),
    }),
  });
  identityProvider.on('request', oidc.callback());

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-e2e-sso-'));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'keywright-e2e',
      OIDC_CLIENT_SECRET: 'keywright-e2e-secret',
      OIDC_PROVIDER_NAME: 'Test IdP',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keywright = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Keywright exited with ${code}: ${output}`)));
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (keywright && keywright.exitCode === null) {
    const exited = new Promise((resolve) => keywright!.once('exit', resolve));
    keywright.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => identityProvider?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(noBrowser)('single sign-on', () => {
  it.each([
    ['wide', 1280, 800],
    ['narrow', 390, 844],
  ])('signs in through the identity provider and lands in the app (%s)', async (_name, width, height) => {
    const context = await browser!.newContext({ viewport: { width, height }, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      const fromApp = message.location().url.startsWith(appUrl);
      // As in the other journeys: the browser reports expected 4xx answers (GET /api/me signed out).
      const expected = /^Failed to load resource: the server responded with a status of 4\d\d\b/.test(message.text());
      if (fromApp && !expected && (message.type() === 'error' || message.type() === 'warning')) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      const user = `sso-${width}`;
      await page.goto(`${appUrl}/sign-in`);
      await page.getByRole('button', { name: 'Continue with Test IdP' }).click();

      // The provider's own pages: log in, then allow Keywright.
      await page.locator('input[name="login"]').fill(user);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(`${appUrl}/`);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByText(`${user}@idp.example`).waitFor();
      await page.waitForFunction(() => document.title === 'Keyword Generation - Keywright');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
