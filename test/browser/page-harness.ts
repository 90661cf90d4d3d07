/**
 * Real-browser tests of the page: a real `grundy serve` (the built binary, no Discord and no Redis settings) on
 * a free port, and Debian's headless Chromium driven by playwright-core (never a downloaded browser). Every
 * request the page makes is recorded, so a test can check that it asks no host but its own.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { builtInGames } from '../../src/games/catalog.js';
import type { AnyGame, Explanation, RawFields } from '../../src/core/game.js';
import { paramsFromFields } from '../../src/core/params.js';
import { GrundyProcess } from '../support/grundy-process.js';

export const screenshotDir = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** CHROMIUM_PATH, or Debian's chromium (`.ci/run` installs it when missing). */
export function chromiumPath(): string {
  const path = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${path}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  const root = process.getuid?.() === 0;
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Chromium refuses to start its sandbox as root (CI runs as root); nothing here loads untrusted pages.
    args: [...(root ? ['--no-sandbox'] : []), '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

export interface Served {
  readonly url: string;
  readonly process: GrundyProcess;
  stop(): Promise<void>;
}

/** A `grundy serve` with no configuration but its address (and whatever `env` adds). */
export async function startServe(env: Record<string, string> = {}): Promise<Served> {
  const process = new GrundyProcess('serve', {
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    // Each test file asks a few dozen questions and moves in a minute from one address (the shared limit).
    RATE_LIMIT_PER_MINUTE: '600',
    ...env,
  });
  try {
    const url = await process.ready(60_000);
    return {
      url,
      process,
      async stop() {
        await process.signalAndTime('SIGTERM', 5000);
        await process.kill();
      },
    };
  } catch (error) {
    await process.kill();
    throw error;
  }
}

export interface RecordedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Every URL the page asked for (documents, scripts, styles, images, fetches), in order. */
  readonly requests: string[];
  /** Console errors and uncaught exceptions in the page. */
  readonly errors: string[];
}

export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<RecordedPage> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, ...options });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator('#game:not([disabled])').waitFor();
  return { page, context, requests, errors };
}

/** Requests that went to any origin but `base`'s (data: URLs never leave the page). */
export function foreignRequests(requests: readonly string[], base: string): string[] {
  const origin = new URL(base).origin;
  return requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = `${screenshotDir}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Picks `game` and fills its fields (by name) as a person would, then presses Solve. */
export async function askThroughForm(
  page: Page,
  game: string,
  fields: Readonly<Record<string, string | number>>,
): Promise<void> {
  await page.selectOption('#game', game);
  for (const [name, value] of Object.entries(fields)) {
    const control = page.locator(`#fields [name="${name}"]`);
    if ((await property<string>(control, 'tagName')) === 'SELECT') {
      await control.selectOption(String(value));
    } else {
      await control.fill(String(value));
    }
  }
  await page.click('#solve');
}

/**
 * A DOM property of the element (`naturalWidth`, `open`, `tagName`), read without the DOM's types (the tests
 * are type-checked for Node).
 */
export async function property<T>(locator: Locator, name: string): Promise<T> {
  const value: unknown = await locator.evaluate(
    (element: unknown, key: string) => (element as Record<string, unknown>)[key],
    name,
  );
  return value as T;
}

/** The id of the element that has focus ('' for none, or one without an id). */
export async function focusedId(page: Page): Promise<string> {
  return String(await page.evaluate('document.activeElement?.id ?? ""'));
}

/** The value of a script expression in the page (written as text: the tests are type-checked without the DOM). */
export async function evaluate<T>(page: Page, expression: string): Promise<T> {
  const value: unknown = await page.evaluate(expression);
  return value as T;
}

/**
 * How long `expect.poll` waits for the page: the server draws pictures and answers on a machine shared with
 * other work, so a second (vitest's default) is not enough; a wrong page still fails, just later.
 */
export const patient = { timeout: 30_000, interval: 100 } as const;

export interface PageFixture {
  readonly served: Served;
  readonly browser: Browser;
  /** The page opened once for the whole file (only when asked for with `open`). */
  readonly opened: RecordedPage;
}

/**
 * Sets up a test file: one `grundy serve` and one Chromium for all its tests (and, with `open`, one page opened
 * on it), closed after them. Call at the top of the file; read the fields inside tests.
 */
export function usePageFixture(options: { readonly open?: boolean } = {}): PageFixture {
  // A real server and a real browser on a shared 2-core machine: a page step can take seconds under load.
  vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
  let served: Served | undefined;
  let browser: Browser | undefined;
  let opened: RecordedPage | undefined;
  beforeAll(async () => {
    [served, browser] = await Promise.all([startServe(), launchBrowser()]);
    if (options.open === true) opened = await openPage(browser, served.url);
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The page fixture has no ${what} (set up in beforeAll).`);
    return value;
  };
  return {
    get served() {
      return ready(served, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get opened() {
      return ready(opened, 'opened page (pass { open: true })');
    },
  };
}

export function gameNamed(id: string): AnyGame {
  const game = builtInGames.find((candidate) => candidate.id === id);
  if (game === undefined) throw new Error(`no game ${id}`);
  return game;
}

/** What the solver itself says about `fields` (the CLI's `--json` answer), to hold the page to. */
export function explanationOf(game: AnyGame, fields: RawFields): Explanation<unknown> {
  const params: unknown = paramsFromFields(game, fields);
  return game.explain(params, game.solve(params));
}
