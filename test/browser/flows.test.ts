/**
 * The page's harder paths in a real Chromium against a real `grundy serve`: bad input shown next to the field it
 * names (and cleared once fixed), a big question answered 202 and polled with a visible waiting state until its
 * answer shows, and a game played against Grundy to the end through the play routes.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, RawFields } from '../../src/core/game.js';
import { paramsFromFields } from '../../src/core/params.js';
import { verdictTitle } from '../../src/render/short-answer.js';
import {
  askThroughForm,
  explanationOf,
  focusedId,
  foreignRequests,
  gameNamed,
  openPage,
  screenshot,
  startServe,
  usePageFixture,
  patient,
} from './page-harness.js';

const web = usePageFixture({ open: true });

/** The message the bot and the CLI give for `fields` (they share paramsFromFields). */
function refusal(game: AnyGame, fields: RawFields): string {
  try {
    paramsFromFields(game, fields);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${game.id} accepts ${JSON.stringify(fields)}`);
}

describe('bad input', () => {
  for (const [gameId, fields, bad] of [
    ['seagm', { numbers: '2 -6 3' }, 'numbers'],
    ['magic', { rooms: '4', passages: '1-9' }, 'passages'],
  ] as const) {
    it(`${gameId}: the server's message sits next to "${bad}", which is marked invalid and focused`, async () => {
      const { page } = web.opened;
      const game = gameNamed(gameId);
      await askThroughForm(page, gameId, fields);
      const id = `f-${gameId}-${bad}`;
      const error = page.locator(`#${id}-error`);
      await error.waitFor({ state: 'visible' });
      expect(await error.textContent()).toBe(refusal(game, fields));
      const control = page.locator(`#${id}`);
      expect(await control.getAttribute('aria-invalid')).toBe('true');
      expect((await control.getAttribute('aria-describedby'))?.split(' ')).toContain(`${id}-error`);
      expect(await focusedId(page)).toBe(id);
      // The message is next to its field: right below the control, in the same block.
      const [controlBox, errorBox] = await Promise.all([control.boundingBox(), error.boundingBox()]);
      expect(errorBox?.y ?? 0).toBeGreaterThan(controlBox?.y ?? Infinity);
      expect((errorBox?.y ?? 0) - ((controlBox?.y ?? 0) + (controlBox?.height ?? 0))).toBeLessThan(40);
      expect(await page.locator('#answer').isHidden()).toBe(true);
      await screenshot(page, `bad-input-${gameId}`);

      // Fixed with the game's own example, the error goes and the answer comes.
      const example = game.examples[0].fields;
      await askThroughForm(page, gameId, example as Record<string, string | number>);
      await expect
        .poll(() => page.locator('#verdict').textContent(), patient)
        .toBe(verdictTitle(explanationOf(game, example)));
      expect(await error.isHidden()).toBe(true);
      expect(await control.getAttribute('aria-invalid')).toBeNull();
    });
  }

  it('a required field left empty is named before anything is sent', async () => {
    const { page, requests } = web.opened;
    await page.selectOption('#game', 'octal');
    await page.fill('#f-octal-code', '0.77');
    const before = requests.length;
    await page.click('#solve');
    const error = page.locator('#f-octal-heaps-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toContain('Heaps is required');
    expect(await focusedId(page)).toBe('f-octal-heaps');
    expect(requests.slice(before).filter((url) => url.includes('/api/solve'))).toEqual([]);
  });
});

describe('a file', () => {
  it('is read into the field that takes one, and asked as typed text would be', async () => {
    const { page } = web.opened;
    const game = gameNamed('abgame');
    const board = String(game.examples[1]?.fields['board'] ?? '');
    await page.selectOption('#game', 'abgame');
    await page.setInputFiles('#f-abgame-board-file', {
      name: 'board.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`${board}\n`),
    });
    await expect.poll(() => page.inputValue('#f-abgame-board'), patient).toBe(board);
    await page.click('#solve');
    await expect
      .poll(() => page.locator('#verdict').textContent(), patient)
      .toBe(verdictTitle(explanationOf(game, { board })));
  });
});

describe('a big question', () => {
  it('answers 202, polls the job with a visible waiting state, then shows the answer', async () => {
    const { page } = web.opened;
    const game = gameNamed('partisan');
    // The game's own example of a huge pile: estimated well above INLINE_COST_MS, so it goes to a job.
    const example = game.examples.find((candidate) => String(candidate.fields['n']).length > 15);
    if (example === undefined) throw new Error('partisan has no huge example');
    expect(game.estimateCostMs(paramsFromFields(game, example.fields))).toBeGreaterThan(100);
    const statuses: number[] = [];
    const polls: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/solve')) statuses.push(response.status());
      if (response.url().includes('/api/jobs/')) polls.push(response.url());
    });
    await askThroughForm(page, 'partisan', example.fields as Record<string, string | number>);
    const status = page.locator('#status');
    await status.waitFor({ state: 'visible' });
    expect(await page.locator('#status-text').textContent()).toMatch(/Asking|queue|Working/);
    expect(await page.locator('#status-progress').isVisible()).toBe(true);
    await screenshot(page, 'big-question-waiting');
    await page.locator('#answer').waitFor({ state: 'visible', timeout: 60_000 });
    expect(statuses).toEqual([202]);
    expect(polls.length).toBeGreaterThan(0);
    expect(await status.isHidden()).toBe(true);
    const explanation = explanationOf(game, example.fields);
    expect(await page.locator('#verdict').textContent()).toBe(verdictTitle(explanation));
    expect(await page.locator('#answer .headline').textContent()).toBe(explanation.headline);
    await screenshot(page, 'big-question-answer');
  });
});

describe('playing against Grundy', () => {
  it('plays a won position to the end by following hints, and shows the review', async () => {
    const { page } = web.opened;
    await page.selectOption('#game', 'seagm');
    // An empty form: the setup offers a random position the player can win.
    await page.fill('#f-seagm-numbers', '');
    await page.click('#play-start');
    const panel = page.locator('#play');
    await panel.waitFor({ state: 'visible' });
    expect(await focusedId(page)).toBe('play-title');
    await page.selectOption('#play-difficulty', 'easy');
    await panel.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('#play-turn').waitFor();
    const review = page.locator('#play .review');
    for (let turn = 0; turn < 60 && (await review.count()) === 0; turn++) {
      await panel.getByRole('button', { name: 'Hint' }).click();
      await expect.poll(() => panel.locator('.hint-text').textContent(), patient).toMatch(/^Hint: /);
      const hinted = panel.locator('.move-button.hinted');
      expect(await hinted.count()).toBe(1);
      const shown = await panel.getAttribute('data-shown');
      await hinted.click();
      await expect.poll(() => panel.getAttribute('data-shown'), patient).not.toBe(shown);
    }
    await review.waitFor();
    expect(await page.locator('#play-turn').textContent()).toContain('You won!');
    expect(await review.textContent()).toContain('You won');
    await screenshot(page, 'play-seagm');
  });

  it('asked nothing of any host but its own', () => {
    expect(foreignRequests(web.opened.requests, web.served.url)).toEqual([]);
  });
});

describe('the shared rate limit', () => {
  it('says how long to wait when the server answers 429', async () => {
    const limited = await startServe({ RATE_LIMIT_PER_MINUTE: '2' });
    const { page, context } = await openPage(web.browser, limited.url);
    try {
      const retries: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 429) retries.push(response.headers()['retry-after'] ?? '');
      });
      for (const numbers of ['2 6 3', '6 10 15 22 28']) {
        await askThroughForm(page, 'seagm', { numbers });
        await page.locator('#answer').waitFor({ state: 'visible' });
      }
      await askThroughForm(page, 'seagm', { numbers: '2 4 8 16 32' });
      const error = page.locator('#form-error');
      await error.waitFor({ state: 'visible' });
      expect(retries).toHaveLength(1);
      expect(Number(retries[0])).toBeGreaterThan(0);
      // The wait is said once, in seconds, as the server counts it.
      const said = (await error.textContent()) ?? '';
      expect(said.match(/try again in (\d+) s/gi)).toEqual([
        expect.stringMatching(new RegExp(` ${retries[0]} s$`)),
      ]);
      expect(await focusedId(page)).toBe('form-error');
      await screenshot(page, 'rate-limited');
    } finally {
      await context.close();
      await limited.stop();
    }
  });
});
