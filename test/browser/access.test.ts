/**
 * The page for people without a mouse or a big screen, in a real Chromium against a real `grundy serve`: a
 * question asked and its full reasoning opened with the keyboard alone (visible focus at every stop, a logical
 * order, no trap), a phone-sized screen (360 px) with nothing wider than it, and readable light and dark schemes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { builtInGames } from '../../src/games/catalog.js';
import type { RawFields } from '../../src/core/game.js';
import { verdictTitle } from '../../src/render/short-answer.js';
import {
  askThroughForm,
  evaluate,
  explanationOf,
  focusedId,
  foreignRequests,
  gameNamed,
  openPage,
  property,
  screenshot,
  usePageFixture,
  patient,
} from './page-harness.js';

const web = usePageFixture();

function verdictFor(id: string, fields: RawFields): string {
  return verdictTitle(explanationOf(gameNamed(id), fields));
}

interface Stop {
  readonly label: string;
  readonly outline: string;
}

/** Where focus is: the element's id, or its tag and text, and how its focus ring is drawn. */
async function focusStop(page: Page): Promise<Stop> {
  return evaluate<Stop>(
    page,
    `(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return { label: 'body', outline: 'none' };
    const style = getComputedStyle(element);
    const label = element.id || element.tagName.toLowerCase() + ':' + (element.textContent || '').trim().slice(0, 40);
    return { label, outline: style.outlineStyle + ' ' + style.outlineWidth };
  })()`,
  );
}

/** Presses Tab until `label` has focus (at most `limit` times); returns every stop on the way. */
async function tabTo(page: Page, label: string, limit = 30): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    stops.push(stop);
    if (stop.label === label) return stops;
  }
  throw new Error(`Tab never reached ${label}: ${stops.map((stop) => stop.label).join(' -> ')}`);
}

function expectVisibleFocus(stops: readonly Stop[]): void {
  for (const stop of stops) {
    expect(stop.outline, `focus ring of ${stop.label}`).not.toMatch(/^none|\s0px$/);
  }
}

describe('keyboard only', () => {
  it('picks a game, opens its rules, asks, and opens the full reasoning without a mouse', async () => {
    const { page, context, errors, requests } = await openPage(web.browser, web.served.url);
    try {
      const first = await tabTo(page, 'a:Skip to the question', 1);
      expectVisibleFocus(first);
      const toGame = await tabTo(page, 'game', 1);
      expectVisibleFocus(toGame);
      await page.keyboard.press('ArrowDown');
      expect(await page.inputValue('#game')).toBe(builtInGames[1]?.id);
      await page.locator('#f-multiplication-n').waitFor();

      // The rules are the next stop: one key opens them.
      const toRules = await tabTo(page, 'summary:Rules of The Multiplication Game', 1);
      await page.keyboard.press('Enter');
      expect(await property<boolean>(page.locator('#rules'), 'open')).toBe(true);
      await expect.poll(() => page.locator('#rules-body').innerText(), patient).toContain('Example');

      // Through the rules to the fields, in reading order, then the question itself.
      const toField = await tabTo(page, 'f-multiplication-n');
      expect(toField.at(-2)?.label).toBe('button:Ask Grundy about this example');
      await page.keyboard.type('50');
      const toChoice = await tabTo(page, 'f-multiplication-first', 1);
      await page.keyboard.press('ArrowDown');
      expect(await page.inputValue('#f-multiplication-first')).toBe('Alice');
      const toSolve = await tabTo(page, 'solve');
      expectVisibleFocus([...toRules, ...toField, ...toChoice, ...toSolve]);
      const order = [...toRules, ...toField, ...toChoice, ...toSolve].map((stop) => stop.label);
      expect(order.indexOf('f-multiplication-n')).toBeLessThan(order.indexOf('f-multiplication-first'));
      expect(order.indexOf('f-multiplication-first')).toBeLessThan(order.indexOf('solve'));
      await page.keyboard.press('Enter');

      await expect
        .poll(() => page.locator('#verdict').textContent(), patient)
        .toBe(verdictFor('multiplication', { n: '50', first: 'Alice' }));
      expect(await focusedId(page)).toBe('answer');
      const toReasoning = await tabTo(page, 'summary:Full reasoning');
      expectVisibleFocus(toReasoning);
      await page.keyboard.press('Enter');
      expect(await property<boolean>(page.locator('#answer details.full'), 'open')).toBe(true);

      // No trap: Tab goes on to the end of the page and out of it.
      const rest = await tabTo(page, 'a:OpenAPI description');
      expectVisibleFocus(rest);
      await screenshot(page, 'keyboard-multiplication');
      expect(errors).toEqual([]);
      expect(foreignRequests(requests, web.served.url)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a phone-sized screen', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`fits 360 px in the ${colorScheme} scheme, from the form to the answer and a game`, async () => {
      const { page, context, requests } = await openPage(web.browser, web.served.url, {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        colorScheme,
      });
      try {
        const widest = (): Promise<number> => evaluate<number>(page, 'document.documentElement.scrollWidth');
        expect(await widest()).toBeLessThanOrEqual(360);
        const fields = { rooms: '6', p1: '1', p2: '0' };
        await askThroughForm(page, 'magic', fields);
        await expect
          .poll(() => page.locator('#verdict').textContent(), patient)
          .toBe(verdictFor('magic', fields));
        await expect
          .poll(() => property<number>(page.locator('#answer .picture img'), 'naturalWidth'), patient)
          .toBeGreaterThan(0);
        await page.locator('#answer details.full summary').tap();
        expect(await widest()).toBeLessThanOrEqual(360);
        const solve = await page.locator('#solve').boundingBox();
        expect(solve?.height ?? 0).toBeGreaterThanOrEqual(40);
        await screenshot(page, `phone-${colorScheme}-magic`);

        await page.locator('#play-start').tap();
        await page.getByRole('button', { name: 'Start the game' }).tap();
        await page.locator('#play-turn').waitFor();
        expect(await widest()).toBeLessThanOrEqual(360);
        await screenshot(page, `phone-${colorScheme}-play`);
        expect(foreignRequests(requests, web.served.url)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

/** WCAG's contrast ratio of two `rgb(...)` colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string): number => {
    const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('colour schemes', () => {
  it('follows the reader’s light or dark setting, with readable text in both', async () => {
    const backgrounds: Record<string, string> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openPage(web.browser, web.served.url, { colorScheme });
      try {
        await askThroughForm(page, 'seagm', { numbers: '2 -6 3' });
        await page.locator('#f-seagm-numbers-error').waitFor();
        const colours = await evaluate<Record<string, string>>(
          page,
          `(() => {
          const style = (selector) => getComputedStyle(document.querySelector(selector));
          const panel = style('#ask').backgroundColor;
          return {
            page: style('html').backgroundColor,
            text: style('body').color,
            panel,
            hint: style('.hint').color,
            error: style('.field-error').color,
            errorBackground: style('.field-error').backgroundColor,
            button: style('#solve').color,
            buttonBackground: style('#solve').backgroundColor,
          };
        })()`,
        );
        backgrounds[colorScheme] = colours['page'] ?? '';
        const pairs: [string, string, string][] = [
          ['text on the page', colours['text'] ?? '', colours['page'] ?? ''],
          ['text on a panel', colours['text'] ?? '', colours['panel'] ?? ''],
          ['a hint', colours['hint'] ?? '', colours['panel'] ?? ''],
          ['an error', colours['error'] ?? '', colours['errorBackground'] ?? ''],
          ['a button', colours['button'] ?? '', colours['buttonBackground'] ?? ''],
        ];
        for (const [what, foreground, background] of pairs) {
          expect(contrast(foreground, background), `${colorScheme}: ${what}`).toBeGreaterThanOrEqual(4.5);
        }
        await screenshot(page, `scheme-${colorScheme}-error`);
      } finally {
        await context.close();
      }
    }
    expect(contrast(backgrounds['light'] ?? '', 'rgb(0, 0, 0)')).toBeGreaterThan(15);
    expect(contrast(backgrounds['dark'] ?? '', 'rgb(255, 255, 255)')).toBeGreaterThan(15);
  });
});
