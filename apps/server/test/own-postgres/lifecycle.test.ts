import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeChatServer } from '../fakes/chat-completions';
import { api, postgresRunningIn, spawnServer, untilStarted } from '../support/process';

// The server as `npm start` runs it, in its own process, on an embedded PostgreSQL.

let dataDir: string;

const startServer = (extraEnv: Record<string, string> = {}) => spawnServer({ env: { DATA_DIR: dataDir, ...extraEnv } });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-lifecycle-'));
  chmodSync(dataDir, 0o755);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('running Keywright', () => {
  // Whole processes (compiled on the fly) and a new PostgreSQL cluster: slow on a busy machine.
  it(
    'starts on a fresh data directory, refuses a second start there, and stops cleanly on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const first = await startServer();
      await untilStarted(first);
      expect((await api(first.port, '/api/ready')).status).toBe(200);

      const signUp = await api(first.port, '/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${first.port}` },
        body: JSON.stringify({ email: 'keeper@example.com', password: 'keeper-password', name: 'Keeper' }),
      });
      expect(signUp.status).toBe(200);

      const second = await startServer();
      expect(await second.exit).toBe(1);
      expect(second.output()).toContain(`The data directory ${dataDir} is already in use by another Keywright`);
      expect((await api(first.port, '/api/ready')).status).toBe(200); // the first one is unharmed

      first.child.kill('SIGTERM');
      expect(await first.exit).toBe(0);
      expect(existsSync(path.join(dataDir, 'keywright.pid'))).toBe(false);
      expect(postgresRunningIn(dataDir)).toBe(false);
    },
  );

  it(
    'starts again on the existing data directory with its data, and stops cleanly on SIGINT',
    { timeout: 120_000 },
    async () => {
      const again = await startServer();
      await untilStarted(again);
      const signIn = await api(again.port, '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${again.port}` },
        body: JSON.stringify({ email: 'keeper@example.com', password: 'keeper-password' }),
      });
      expect(signIn.status).toBe(200);

      again.child.kill('SIGINT');
      again.child.kill('SIGINT'); // Ctrl-C reaches every process of the group; a repeat must not cut the shutdown short
      expect(await again.exit).toBe(0);
      expect(postgresRunningIn(dataDir)).toBe(false);
    },
  );
});

describe('a generation run when the server is killed', () => {
  it('is picked up after a restart and completes once, within a minute (kill -9)', { timeout: 120_000 }, async () => {
    const llm = await startFakeChatServer();
    const llmEnv = { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model' };
    try {
      const keywords = ['cold brew kit', 'coffee kit', 'brew kit gift', 'cold brew coffee', 'iced coffee kit'];
      keywords.push('brew at home', 'cold brew bags', 'coffee gift set', 'brew kit sale', 'kit for brewing');
      llm.script({ hang: true }, { content: JSON.stringify({ keywords }) });
      const first = await startServer(llmEnv);
      await untilStarted(first);
      const origin = `http://localhost:${first.port}`;
      const signUp = await api(first.port, '/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'runner@example.com', password: 'runner-password', name: 'Runner' }),
      });
      const token = signUp.headers.get('set-auth-token')!;
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const started = await api(first.port, '/api/start-keyword-generation', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          projectName: 'Cold Brew Co',
          productService: 'Cold brew coffee kits',
          keywordCount: 10,
          keywordLength: '2-3',
        }),
      });
      expect(started.status).toBe(202);
      const { projectId } = (await started.json()) as { projectId: number };
      await vi.waitFor(() => expect(llm.requests).toHaveLength(1), { timeout: 20_000, interval: 100 });

      first.child.kill('SIGKILL');
      await first.exit;

      const second = await startServer(llmEnv);
      await untilStarted(second);
      const restartedAt = Date.now();
      const done = await vi.waitFor(
        async () => {
          const response = await api(second.port, `/api/project-status/${projectId}`, { headers: auth });
          const body = (await response.json()) as {
            status: string;
            error?: string;
            keywords?: Array<{ keyword: string }>;
          };
          if (body.status === 'pending') throw new Error(`still pending; server said: ${second.output()}`);
          return body;
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(Date.now() - restartedAt).toBeLessThan(60_000);
      expect({ status: done.status, error: done.error }, second.output()).toEqual({
        status: 'completed',
        error: undefined,
      });
      expect(done.keywords!.map((keyword) => keyword.keyword)).toEqual(keywords);
      const listed = await api(second.port, `/api/projects/${projectId}/keywords`, { headers: auth });
      expect(await listed.json()).toHaveLength(10); // each keyword once
      expect(llm.requests).toHaveLength(2); // the stalled one, then the resumed run's

      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
      expect(postgresRunningIn(dataDir)).toBe(false);
    } finally {
      await llm.close();
    }
  });
});
