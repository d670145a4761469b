import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

export const baseUrl = inject('baseUrl');
export const chromiumPath = inject('chromiumPath');
/** True when global setup found no Chromium: every journey file skips itself (and only then). */
export const noBrowser = chromiumPath === '';

export interface Viewport {
  name: 'wide' | 'narrow';
  width: number;
  height: number;
}

export const viewports: readonly Viewport[] = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'narrow', width: 390, height: 844 },
];

const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Browser messages the journeys tolerate: Chromium logs every 4xx answer of a
 * fetch as a console error ("Failed to load resource"), and some are the
 * product working as specified (GET /api/me is 401 while signed out; a
 * duplicate keyword is 409). 5xx answers are collected separately and fail.
 */
const tolerated = [/^Failed to load resource: the server responded with a status of 4\d\d\b/];

/** Debian's Chromium, headless, kept off the network (this machine has none to offer). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Session {
  /** The current test's page (a fresh context per test). */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly viewport: Viewport;
  /** Console errors/warnings, page errors and 5xx answers seen during the current test. */
  readonly problems: string[];
  /** A second, independent signed-in user in the same test (own context, same viewport). */
  newPage(): Promise<Page>;
}

/**
 * Registers hooks for one viewport: a browser for the describe block, and a
 * fresh context and page per test whose console errors, warnings and page
 * errors fail the test at its end. `server` answers the address of another
 * Keywright (one a journey starts itself, with its own settings).
 */
export function usePage(viewport: Viewport, { server = () => baseUrl }: { server?: () => string } = {}): Session {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const extraContexts: BrowserContext[] = [];
  const problems: string[] = [];

  const watch = (target: Page, label: string) => {
    target.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const text = message.text();
      if (tolerated.some((pattern) => pattern.test(text))) return;
      const where = message.location().url ? ` (${message.location().url}:${message.location().lineNumber})` : '';
      problems.push(`${label} console.${type}: ${text}${where}`);
    });
    target.on('pageerror', (error) => problems.push(`${label} page error: ${error.stack ?? error.message}`));
    target.on('response', (response) => {
      if (response.status() >= 500) problems.push(`${label} ${response.status()} from ${response.url()}`);
    });
  };

  const open = async (label: string): Promise<{ context: BrowserContext; page: Page }> => {
    if (!browser) throw new Error('The browser is not running');
    const created = await browser.newContext({
      baseURL: server(),
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'en-US',
    });
    created.setDefaultTimeout(10_000);
    created.setDefaultNavigationTimeout(20_000);
    const opened = await created.newPage();
    watch(opened, label);
    return { context: created, page: opened };
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    problems.length = 0;
    ({ context, page } = await open('page'));
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) {
      await screenshot(page, `FAILED-${ctx.task.name}`, viewport).catch(() => undefined);
    }
    for (const extra of extraContexts.splice(0)) await extra.close();
    await context?.close();
    context = undefined;
    page = undefined;
    expect(problems, 'console errors/warnings, page errors or 5xx answers during the test').toEqual([]);
  });

  return {
    get page() {
      if (!page) throw new Error('No page: use it inside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('No context: use it inside a test');
      return context;
    },
    viewport,
    problems,
    async newPage() {
      const extra = await open(`page ${extraContexts.length + 2}`);
      extraContexts.push(extra.context);
      return extra.page;
    },
  };
}

// ---------------------------------------------------------------------------
// Waiting helpers (no sleeps: wait for what the user sees)

export async function expectVisible(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Waits until the page is at `pathname` (and `search`, when given). */
export async function expectPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search));
}

export async function expectTitle(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
}

export interface TitledFrame {
  /** The texts of the page's level-1 headings. */
  headings: string[];
  title: string;
}

/**
 * Notes the title and the level-1 headings after every change of the page from
 * now on (a MutationObserver runs before the browser paints). A title set in
 * an effect shows up as a frame with the new heading and the old title; a
 * title rendered with its content never does. Call the answer to read them.
 */
export async function recordTitledFrames(page: Page): Promise<() => Promise<TitledFrame[]>> {
  await page.evaluate(() => {
    const frames: TitledFrame[] = [];
    const note = () =>
      frames.push({
        headings: Array.from(document.querySelectorAll('h1'), (heading) => heading.textContent ?? ''),
        title: document.title,
      });
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    (window as unknown as { titledFrames: TitledFrame[] }).titledFrames = frames;
  });
  return () => page.evaluate(() => (window as unknown as { titledFrames: TitledFrame[] }).titledFrames);
}

/** The Mantine notification (toast) holding `message`. */
export function toast(page: Page, message: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: message });
}

/** Waits for a toast with this message (and title, when given). */
export async function expectToast(page: Page, message: string, title?: string): Promise<void> {
  const found = toast(page, message).first();
  await expectVisible(found);
  if (title !== undefined) await expectVisible(found.getByText(title, { exact: true }));
}

/** Closes the toast holding `message` with its close button (so queued toasts show sooner). */
export async function closeToast(page: Page, message: string): Promise<void> {
  const found = toast(page, message).first();
  await found.locator('.mantine-Notification-closeButton').click();
  await expectHidden(found);
}

/** Fails when the page scrolls sideways: something is wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, `the page scrolls sideways ${where}`).toBeLessThanOrEqual(innerWidth);
}

/** Fails when the element (a popover, a menu, a dialog) sticks out of the viewport at either side. */
export async function expectWithinViewportWidth(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${what} is on screen`).not.toBeNull();
  expect(box!.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(width);
}

// ---------------------------------------------------------------------------
// Users

export interface User {
  name: string;
  email: string;
  password: string;
}

export function newUser(overrides: Partial<User> = {}): User {
  const id = randomUUID().slice(0, 8);
  return {
    name: 'Ada Lovelace',
    email: `e2e-${id}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The signed-in shell is on screen. */
export async function expectShell(page: Page): Promise<void> {
  await expectVisible(page.getByRole('button', { name: 'User menu' }));
}

/** Signs up through the UI and waits for the Keyword Generation screen. */
export async function signUp(page: Page, overrides: Partial<User> = {}): Promise<User> {
  const user = newUser(overrides);
  await page.goto('/sign-up');
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectPath(page, '/');
  await expectShell(page);
  return user;
}

/** Signs in through the UI and waits for the Keyword Generation screen. */
export async function signIn(page: Page, user: Pick<User, 'email' | 'password'>): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/');
  await expectShell(page);
}

// ---------------------------------------------------------------------------
// Screenshots

/**
 * Saves a full-page screenshot as e2e/artifacts/{name}-{viewport}.png. The
 * page is scrolled to the top first (a full-page shot of a scrolled page draws
 * the sticky header in the middle), unless `keepScroll` (e.g. for a tooltip,
 * which closes when the element under the pointer changes).
 */
export async function screenshot(
  page: Page,
  name: string,
  viewport?: Viewport,
  {
    keepScroll = false,
    axe = true,
    fullPage = true,
  }: {
    keepScroll?: boolean;
    /**
     * False to shoot the viewport only: a full-page shot resizes the page for a moment, which closes
     * an open popover on the project keywords page.
     */
    fullPage?: boolean;
    /** False only while the page's clock is paused: axe-core waits on the page's timers. */
    axe?: boolean;
  } = {},
): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  if (!keepScroll) await page.evaluate(() => window.scrollTo(0, 0));
  const width = viewport?.width ?? page.viewportSize()?.width;
  const suffix = viewport ? viewport.name : width && width < 768 ? 'narrow' : 'wide';
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  const file = path.join(artifactsDir, `${safe}-${suffix}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  if (axe) await expectAccessible(page, `${safe}-${suffix}`);
  return file;
}

/**
 * axe-core on the page as it stands: no serious or critical violation (DESIGN's budget).
 * Every screenshot of a journey is also checked this way.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // A toast fading in or out shows its text at part opacity for a moment, which axe reads as low contrast: let
  // the transitions under way end, and leave out a toast that is still not whole (it is checked where it stands).
  await page.evaluate(async () => {
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
    for (const toast of Array.from(document.querySelectorAll('.mantine-Notification-root'))) {
      let opacity = 1;
      for (let node: Element | null = toast; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      if (opacity < 1) toast.setAttribute('data-fading', '');
    }
  });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-fading]')
    .analyze();
  await page.evaluate(() => {
    for (const toast of Array.from(document.querySelectorAll('[data-fading]'))) toast.removeAttribute('data-fading');
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(', ')}`,
    );
  expect(serious.join('\n'), `axe on ${where}`).toBe('');
}
