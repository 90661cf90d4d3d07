/**
 * Each game asked and answered through the page in a real Chromium, against a real `grundy serve`: the page
 * shows the verdict, the move and the picture the solver gives for the game's own first example, keeps the full
 * reasoning behind a <details>, opens the rules in one click, and asks no host but its own.
 */
import { describe, expect, it } from 'vitest';
import { builtInGames } from '../../src/games/catalog.js';
import { verdictTitle } from '../../src/render/short-answer.js';
import {
  askThroughForm,
  explanationOf,
  focusedId,
  foreignRequests,
  gameNamed,
  property,
  screenshot,
  usePageFixture,
  patient,
} from './page-harness.js';

const web = usePageFixture({ open: true });

describe('the page answers every game', () => {
  it('lists every game of the catalog in the picker', async () => {
    const options = await web.opened.page.locator('#game option').all();
    const names = await Promise.all(options.map((option) => option.getAttribute('value')));
    expect(names).toEqual(builtInGames.map((game) => game.id));
  });

  for (const game of builtInGames) {
    it(`${game.id}: the form's answer is the solver's, with its picture`, async () => {
      const { page } = web.opened;
      const fields = game.examples[0].fields;
      const explanation = explanationOf(game, fields);
      const defined = Object.fromEntries(
        Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
      );
      await askThroughForm(page, game.id, defined);
      const answer = page.locator('#answer');
      await answer.waitFor({ state: 'visible' });
      await expect
        .poll(() => page.locator('#verdict').textContent(), patient)
        .toBe(verdictTitle(explanation));
      expect(await answer.locator('.headline').textContent()).toBe(explanation.headline);
      const moveText = await answer.locator('.move').textContent();
      const first = explanation.moves[0];
      if (first !== undefined) expect(moveText).toContain(first.text);
      else expect(moveText).toContain(explanation.refutation ?? explanation.whyNoMove ?? '');
      // Focus lands on the answer, so keyboard and screen-reader users are taken to it.
      expect(await focusedId(page)).toBe('answer');

      const picture = answer.locator('.picture img');
      await expect.poll(() => property<number>(picture, 'naturalWidth'), patient).toBeGreaterThan(100);
      expect((await picture.getAttribute('alt'))?.length ?? 0).toBeGreaterThan(10);

      const full = answer.locator('details.full');
      expect(await property<boolean>(full, 'open')).toBe(false);
      await full.locator('summary').click();
      const reasoning = await full.locator('.reasoning').innerText();
      for (const reason of explanation.reasons) expect(reasoning).toContain(reason);
      for (const fact of explanation.facts) expect(reasoning).toContain(fact.value);

      await screenshot(page, `game-${game.id}`);
    });
  }

  it('shows a game’s rules one click away, and asks about their example', async () => {
    const { page } = web.opened;
    await page.selectOption('#game', 'abgame');
    const rules = page.locator('#rules');
    await rules.locator('summary').click();
    const abgame = gameNamed('abgame');
    const what = abgame?.rules?.what ?? '';
    expect(what.length).toBeGreaterThan(0);
    await expect.poll(() => rules.innerText(), patient).toContain(what);
    await rules.getByRole('button', { name: 'Ask Grundy about this example' }).click();
    const exampleFields = abgame?.rules?.example.fields ?? {};
    const explanation = explanationOf(abgame, exampleFields);
    await expect.poll(() => page.locator('#verdict').textContent(), patient).toBe(verdictTitle(explanation));
    await screenshot(page, 'rules-abgame');
  });

  it('asked nothing of any host but its own, and logged no error', () => {
    expect(web.opened.requests.length).toBeGreaterThan(10);
    expect(foreignRequests(web.opened.requests, web.served.url)).toEqual([]);
    expect(web.opened.errors).toEqual([]);
  });
});
