/**
 * The screens walk's tools (test/e2e/screens-walk-*.e2e.test.ts): visit screens at 1440×900 and
 * 390×844, run axe-core (no serious or critical finding), check that no page scrolls sideways and
 * that tables fit (at 1280 and 768 too), and keep a full-page screenshot of each in
 * test-results/screens/<size>/ (git-ignored; skipped on CI unless SPOTBOOK_SCREENSHOTS=1).
 * The walk is split over three files so that the two test workers share it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { seedDemo } from '../../src/server/demo/seed';
import { openDatabase } from '../../src/server/platform/db';
import { afterAll, beforeAll } from 'vitest';
import { hasBrowserForScreens, keepScreenshot, startBrowserHarness, type BrowserHarness } from './browser';

export const SIZES = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const SCREENSHOTS = path.resolve('test-results/screens');
export const ADVERTISER = 'maria.lopez@sunnyjuice.example';

export interface Screen {
  name: string;
  path: string;
  /** A tab to open after the page loads (its name starts with this: the tabs carry counts). */
  tab?: string;
  /** The screen lists rows (on the demo data): at least one table with a first row must have been checked. */
  rows?: true;
  /** Dialogs and panels opened from the screen, each inspected and screenshot open, then closed with Escape. */
  dialogs?: Dialog[];
}

export interface Dialog {
  name: string;
  /** Opens it and waits until it has drawn. */
  open: () => Promise<unknown>;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The walk's tools bound to one page (the sizes and the users change on it). */
export const screenWalker = (page: Page) => {
  /** Clicks a button (the first by that name) and waits for the modal dialog it opens. */
  const modal = (button: string | RegExp, title: string | RegExp) => async () => {
    await page.getByRole('button', { name: button }).filter({ visible: true }).first().click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await page.waitForFunction(() => !document.querySelector('dialog[open] .animate-spin'), undefined, { timeout: 5000 }).catch(() => undefined);
  };

  /** Waits until the route has drawn its heading and nothing on it is still loading. */
  const settle = async () => {
    await page.locator('h1:visible, main h2:visible').first().waitFor();
    await page
      .waitForFunction(() => !document.querySelector('main .animate-spin, [role="status"] .animate-spin'), undefined, { timeout: 5000 })
      .catch(() => undefined);
  };

  /** What a reviewer must fix on the screen on view: serious or critical axe findings and a page wider than the window. */
  const inspect = async (label: string, rows?: true): Promise<string[]> => {
    // Evaluated rather than added as a <script>: the app's Content-Security-Policy refuses inline scripts.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      const result = await run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        );
    });
    const problems = violations.map((v) => `${label}: ${v}`);
    const tables = await tablesCut(label);
    problems.push(...tables.problems);
    if (rows && tables.rowsChecked === 0) problems.push(`${label}: no table row to check`);
    return problems;
  };

  /** The outermost elements that reach past the window's right edge, to name in a failure. */
  const widening = () =>
    page.evaluate(() => {
      const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth);
      return past
        .filter((el) => !past.includes(el.parentElement!))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`)
        .join(', ');
    });

  /**
   * At every size a table fits its box (on a phone each row is a card): no column, nor the actions at
   * its end, hidden in a sideways scroll; the first row's links and buttons lie inside the window; nor
   * is the page wider than the window. Also says how many tables had a first row to check.
   */
  const tablesCut = async (label: string): Promise<{ problems: string[]; rowsChecked: number }> => {
    const found = await page.evaluate(() => {
      const problems: string[] = [];
      let rowsChecked = 0;
      for (const table of document.querySelectorAll('table')) {
        if (table.offsetParent === null) continue;
        const name = table.querySelector('caption')?.textContent ?? 'a table';
        const box = table.parentElement!;
        if (box.scrollWidth > box.clientWidth + 1) problems.push(`${name} is ${box.scrollWidth} px in a ${box.clientWidth} px box`);
        const row = table.tBodies[0]?.rows[0];
        if (!row) continue;
        rowsChecked += 1;
        const controls = [...row.querySelectorAll<HTMLElement>('a, button, input')].filter((c) => c.offsetParent !== null);
        for (const control of controls) {
          const { left, right } = control.getBoundingClientRect();
          if (left < 0 || right > window.innerWidth) {
            const what = control.getAttribute('aria-label') ?? control.textContent?.trim();
            problems.push(`${name}'s first row: "${what}" spans ${Math.round(left)}..${Math.round(right)} px; the window is ${window.innerWidth} px`);
          }
        }
      }
      return { problems, rowsChecked };
    });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    if (widths.scroll > widths.inner) found.problems.push(`${widths.scroll} px wide in a ${widths.inner} px window (${await widening()})`);
    return { problems: found.problems.map((c) => `${label}: ${c}`), rowsChecked: found.rowsChecked };
  };

  /** Visits each screen at each size, keeping a screenshot of each and returning what failed. */
  const walk = async (who: string, screens: Screen[]): Promise<string[]> => {
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      mkdirSync(path.join(SCREENSHOTS, size.name), { recursive: true });
      for (const screen of screens) {
        await page.goto(screen.path);
        await settle().catch((error: Error) => {
          throw new Error(`${who} ${screen.name} at ${size.name}: ${error.message}`);
        });
        if (screen.tab) {
          await page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(screen.tab)}`) }).click();
          await settle();
        }
        problems.push(...(await inspect(`${who} ${screen.name} at ${size.name}`, screen.rows)));
        await keepScreenshot(page, path.join(SCREENSHOTS, size.name, `${who}-${screen.name}.png`));
        if (size.width > 1280) {
          // The narrowest desktop and a tablet held upright too: tables and the page's width only.
          for (const width of [1280, 768]) {
            await page.setViewportSize({ width, height: size.height });
            // Charts follow a resize a frame or two later: give them a moment before measuring.
            await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 2000 }).catch(() => undefined);
            problems.push(...(await tablesCut(`${who} ${screen.name} at ${width}x${size.height}`)).problems);
          }
          await page.setViewportSize({ width: size.width, height: size.height });
        }
        for (const dialog of screen.dialogs ?? []) {
          const label = `${who} ${screen.name} ${dialog.name} at ${size.name}`;
          await dialog.open().catch((error: Error) => {
            throw new Error(`${label}: ${error.message}`);
          });
          problems.push(...(await inspect(label)));
          await keepScreenshot(page, path.join(SCREENSHOTS, size.name, `${who}-${screen.name}-${dialog.name}.png`));
          await page.keyboard.press('Escape');
          await page.locator('dialog[open]').waitFor({ state: 'detached' });
        }
      }
    }
    return problems;
  };

  /** What a screen reader says after a control's name: the texts its aria-describedby points at. */
  const descriptionOf = (control: Locator) =>
    control.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );

  const signOut = async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
  };

  /** The bell's panel, on every signed-in screen: walked open on the dashboard. */
  const bellPanel: Dialog = {
    name: 'notifications-panel',
    open: async () => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('region', { name: 'Notifications' }).waitFor();
    },
  };

  /** The screens advertisers and admins share, on an order and a draft of the demo data. */
  const sharedScreens = (orderId: string, draftId: string): Screen[] => [
    { name: 'dashboard', path: '/app/dashboard', dialogs: [bellPanel] },
    { name: 'orders', path: '/app/orders', rows: true },
    { name: 'order-detail', path: `/app/estimates/${orderId}` },
    { name: 'order-form', path: `/app/estimates/${draftId}` },
    { name: 'campaigns', path: '/app/campaigns', rows: true },
    { name: 'brands', path: '/app/brands', rows: true },
    { name: 'media', path: '/app/media', rows: true },
    { name: 'profile', path: '/app/profile' },
  ];

  return { modal, settle, inspect, tablesCut, walk, descriptionOf, signOut, sharedScreens };
};

/**
 * A browser harness on the demo data. Seeding (clips made with ffmpeg, uploaded and processed, orders
 * entered through the API) is the walk's dearest step, so a test worker seeds once and gives its
 * later walk files a copy of that database (PGlite keeps the worker's modules across files: decision
 * 032). The uploaded files stay in the tests' shared storage folder, where the copy finds them.
 */
let demoSnapshot: Promise<Blob> | undefined;
export const startDemoHarness = async (): Promise<BrowserHarness> => {
  if (!process.env.DATABASE_URL && demoSnapshot) {
    return startBrowserHarness({}, { database: await openDatabase({ memory: true, loadDataDir: await demoSnapshot }) });
  }
  const h = await startBrowserHarness();
  await seedDemo(h.app, h.app.ctx);
  // Taken before the walk changes anything.
  if (h.database.pglite) demoSnapshot = Promise.resolve(await h.database.pglite.dumpDataDir('none'));
  return h;
};

/** A walk file's harness on the demo data, its one page and the walk's tools, made before its tests. */
export const demoWalk = () => {
  const walk = {} as { h: BrowserHarness; page: Page; w: ReturnType<typeof screenWalker> };
  beforeAll(async () => {
    if (!hasBrowserForScreens) return;
    walk.h = await startDemoHarness();
    walk.page = await walk.h.newPage();
    walk.w = screenWalker(walk.page);
  }, 120_000);
  afterAll(async () => {
    await walk.h?.close();
  });
  return walk;
};
