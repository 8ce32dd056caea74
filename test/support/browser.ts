import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from './app';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Browser tests run wherever Debian's chromium is installed (CI installs it). */
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
  /** A fresh browser profile (own localStorage) with a page on it. */
  newPage(): Promise<Page>;
}

export const startBrowserHarness = async (overrides: Parameters<typeof createTestApp>[0] = {}, options?: Parameters<typeof createTestApp>[1]): Promise<BrowserHarness> => {
  const t = await createTestApp(overrides, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const contexts: { context: BrowserContext; dir: string }[] = [];

  return {
    ...t,
    baseUrl,
    newPage: async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-chromium-'));
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        baseURL: baseUrl,
        viewport: { width: 1280, height: 900 },
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      contexts.push({ context, dir });
      const page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(10_000);
      return page;
    },
    close: async () => {
      for (const { context, dir } of contexts) {
        await context.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      }
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
