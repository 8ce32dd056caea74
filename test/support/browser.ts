import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/domain/constants';
import { createTestApp, type TestApp } from './app';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: Chromium's own engine in its old,
 * lighter headless mode, which Playwright itself runs for headless tests) when installed, else the full
 * Chromium in its new headless mode: the same flows took half the time in the shell (docs/ci.md).
 */
const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
export const CHROMIUM = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUMS.find((file) => existsSync(file)) ?? DEBIAN_CHROMIUMS[1]!;
/** Browser tests run wherever one of Debian's Chromiums is installed (CI installs the headless shell). */
export const hasBrowser = existsSync(CHROMIUM);
/**
 * The walks about the screens themselves (layout at two sizes, every screen's errors, forms'
 * behaviour) run on the embedded database only: what they ask of the server is asked again on
 * PostgreSQL by the API tests, and on a 2-CPU machine their second run took CI past 25 minutes.
 * Browser tests of flows that cross the database (realtime, money, delivery) run on both.
 */
export const hasBrowserForScreens = hasBrowser && !process.env.DATABASE_URL;

export interface BrowserHarness extends TestApp {
  baseUrl: string;
  /** A fresh browser context (its own cookies and localStorage, like a new profile) with a page on it, closed when the test that made it ends. */
  newPage(): Promise<Page>;
}

/**
 * One Chromium per test worker, launched on first use and reused by every file the worker runs: a
 * context per page isolates cookies and storage as a new profile would, for a third of a launch's cost
 * (decision 032). The process exits with the worker.
 */
let shared: Promise<Browser> | undefined;
const browser = (): Promise<Browser> => {
  shared ??= chromium
    .launch({
      executablePath: CHROMIUM,
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
    })
    .then((launched) => {
      launched.on('disconnected', () => (shared = undefined));
      return launched;
    });
  return shared;
};

export const startBrowserHarness = async (
  overrides: Parameters<typeof createTestApp>[0] = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<BrowserHarness> => {
  const t = await createTestApp(overrides, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const contexts: BrowserContext[] = [];

  return {
    ...t,
    baseUrl,
    newPage: async () => {
      const context = await (await browser()).newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      // A page made in a test is closed when that test ends, so that it stops running the app (its socket, its
      // polls) beside the file's later tests; one made before the tests (a walk's) is closed with the harness.
      try {
        onTestFinished(() => context.close().catch(() => undefined));
      } catch {
        // not within a test
      }
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    close: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await t.close();
    },
  };
};

/** Fills and sends the sign-in form (the outcome is the caller's to check). */
export const submitSignIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

/** Signs in and waits for the dashboard. */
export const signIn = async (page: Page, email: string, password: string) => {
  await submitSignIn(page, email, password);
  await page.waitForURL('**/app/dashboard');
};

/** Marks, in the tab's sessionStorage (it lasts as long as the tab), each token `openSignedIn` has put in. */
const SEEDED = 'spotbook-test-signed-in:';

/**
 * Opens `path` already signed in, for a flow that goes elsewhere than the dashboard: the session is
 * started through the API (`POST /api/auth/login`, the call the sign-in form makes) and its token is put in
 * the page's storage before the app loads; then waits for the app's own session check (`/api/auth/me`).
 * Against `signIn` then `goto(path)` it saves a load of the sign-in screen, the form and the dashboard's
 * render (docs/ci.md, twenty-third session). The sign-in screen keeps its own tests (accounts, the screens
 * walks) and flows that stay on the dashboard still sign in through it.
 * The token is put in once per tab and token: a flow that signs out and reloads stays signed out.
 */
export const openSignedIn = async (page: Page, email: string, password: string, path: string) => {
  const reply = await page.request.post('/api/auth/login', { data: { email, password } });
  if (!reply.ok()) throw new Error(`sign-in for ${email} failed: ${reply.status()} ${await reply.text()}`);
  const { token } = (await reply.json()) as { token: string };
  await page.addInitScript(
    ([key, seeded, value]) => {
      if (window.sessionStorage.getItem(seeded + value)) return;
      window.localStorage.setItem(key, value);
      window.sessionStorage.setItem(seeded + value, '1');
    },
    [AUTH_TOKEN_STORAGE_KEY, SEEDED, token] as const,
  );
  const sessionCheck = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me');
  await page.goto(path);
  const checked = await sessionCheck;
  if (!checked.ok()) throw new Error(`the app's session check for ${email} failed: ${checked.status()}`);
};

/**
 * Keeps a full-page screenshot for a reviewer (test-results/ is not committed). Screenshots assert
 * nothing and cost a fifth of a second each, so CI skips them unless SPOTBOOK_SCREENSHOTS=1.
 */
export const keepScreenshot = async (page: Page, file: string) => {
  if (process.env.CI && process.env.SPOTBOOK_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: file, fullPage: true });
};
