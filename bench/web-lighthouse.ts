// Lighthouse (default mobile settings) on every screen of the built app, served by the real server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import { freePort } from '../apps/server/src/lib/net';
import { tempDir } from './support';
import { screens, type Screen } from './web-bundle';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** The screen's path in the browser, once there is a project to show. */
const screenPaths: Record<string, (projectId: number) => string> = {
  'sign-in': () => '/sign-in',
  'sign-up': () => '/sign-up',
  'keyword generation': () => '/keyword-generation',
  projects: () => '/projects',
  'project keywords': (projectId) => `/projects/${projectId}/keywords`,
  'keyword lists': () => '/keyword-lists',
  'google ads analysis': () => '/google-ads-analysis',
  team: () => '/team',
};

export interface ScreenAudit {
  name: string;
  performance: number;
  accessibility: number;
  /** First and largest contentful paint and total blocking time, simulated (ms). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of this machine's CPU (a desktop scores about 1,000 or more; lower inflates the scores' CPU times). */
  benchmarkIndex: number;
  /** Titles of the failed accessibility audits, for a score under 1. */
  accessibilityFailures: string[];
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited(child);
  clearTimeout(killer);
}

/** `node apps/server/dist/server.js` (what `npm start` runs) on a fresh data directory, serving apps/web/dist. */
async function startServer(root: string, dataDir: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      AUTH_SIGN_IN_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, child };
    await delay(100);
  }
  await stop(child);
  throw new Error('the server did not become ready within 90 s');
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse (its flags as in DESIGN.md). */
async function startChromium(userDataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.env.CHROME_PATH || '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${output.slice(-500)}`)));
  });
  return { port, child };
}

/** A user with a project of keywords, a list and a team member, so every screen shows content. */
async function seed(baseUrl: string): Promise<{ cookie: string; projectId: number }> {
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const signUp = async (email: string, name: string) => {
    const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'bench-password-1', name }),
    });
    if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
    return response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  };
  await signUp('colleague@example.com', 'Colleague');
  const cookie = await signUp('lighthouse@example.com', 'Lighthouse');
  const call = async <T>(pathname: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const project = await call<{ id: number }>('/api/projects', {
    name: 'Brooklyn Bakery',
    description: 'Sourdough bread and pastries delivered in Brooklyn',
    country: 'United States',
    city: 'New York',
    language: 'English',
  });
  const keywords = ['sourdough bread', 'artisan bakery brooklyn', 'gluten free croissants', 'bakery delivery'];
  const expanded = keywords.flatMap((keyword) => [
    keyword,
    `${keyword} near me`,
    `best ${keyword}`,
    `${keyword} price`,
  ]);
  for (const keyword of expanded) await call(`/api/projects/${project.id}/keywords`, { keyword });
  const list = await call<{ id: number }>('/api/keyword-lists', { name: 'Brand terms', project_id: project.id });
  for (const keyword of keywords) await call(`/api/keyword-lists/${list.id}/add-text`, { keyword_text: keyword });
  await call('/api/team/members', { email: 'colleague@example.com' });
  return { cookie, projectId: project.id };
}

interface Report {
  audit: Omit<ScreenAudit, 'name'>;
  lhr: object;
}

async function audit(url: string, port: number, cookie: string | null): Promise<Report> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie && { extraHeaders: { cookie } }),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const accessibilityFailures = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => audits[ref.id]!.title);
  return {
    audit: {
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      benchmarkIndex: environment.benchmarkIndex,
      accessibilityFailures,
    },
    lhr: result.lhr,
  };
}

/** A busy machine now and then spoils a trace (NO_NAVSTART, NO_FCP): such a run is made again. */
async function auditWithRetries(url: string, port: number, cookie: string | null, tries = 3): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, cookie);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`${error instanceof Error ? error.message : error}; again (${attempt + 1} of ${tries})`);
    }
  }
}

/**
 * Lighthouse on each screen of SPEC section 2, signed in where the screen needs
 * it, `runs` times (the run of median performance is kept: simulated throttling
 * scales what this machine's CPU did, so one run is noisy). With `reportDir`,
 * each screen's kept report is written there as JSON (for the Lighthouse viewer).
 */
export async function auditScreens({
  only = screens,
  runs = 3,
  reportDir,
  root = repoRoot,
}: {
  only?: readonly Screen[];
  runs?: number;
  reportDir?: string;
  /** A copy of the built app (apps/server/dist, apps/web/dist) to audit instead of this checkout's. */
  root?: string;
} = {}): Promise<ScreenAudit[]> {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const dir = tempDir('keywright-bench-lighthouse-');
  const children: ChildProcess[] = [];
  try {
    const server = await startServer(root, path.join(dir, 'data'));
    children.push(server.child);
    const { cookie, projectId } = await seed(server.baseUrl);
    const chromium = await startChromium(path.join(dir, 'chromium'));
    children.push(chromium.child);
    const results: ScreenAudit[] = [];
    for (const screen of only) {
      const url = `${server.baseUrl}${screenPaths[screen.name]!(projectId)}`;
      const reports: Report[] = [];
      for (let run = 0; run < runs; run++) {
        reports.push(await auditWithRetries(url, chromium.port, screen.signedIn ? cookie : null));
      }
      reports.sort((a, b) => a.audit.performance - b.audit.performance);
      const median = reports[Math.floor(reports.length / 2)]!;
      if (reportDir) {
        writeFileSync(path.join(reportDir, `${screen.name.replaceAll(' ', '-')}.json`), JSON.stringify(median.lhr));
      }
      results.push({ name: screen.name, ...median.audit });
    }
    return results;
  } finally {
    for (const child of children.reverse()) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
