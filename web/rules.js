/**
 * A game's rules (GET /api/games/:game/rules) for a newcomer: what the game is, how a turn goes, who wins, the
 * words Grundy's answers use, and a small example played out, which one click puts into the form.
 */
import { h } from './dom.js';

/**
 * @typedef {{ what: string, play: string[], winning: string[], terms?: { term: string, meaning: string }[],
 *   example?: { setup: string, steps: string[], result: string, fields: Record<string, string | number> } }} Rules
 */

/** @param {unknown} value */
function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * @param {HTMLElement} container
 * @param {{ rules?: Rules | null, text?: string, picture?: string | null }} body
 * @param {(fields: Record<string, string | number>) => void} askExample
 */
export function renderRules(container, body, askExample) {
  const rules = body.rules;
  if (!rules || typeof rules.what !== 'string' || !isStringList(rules.play) || !isStringList(rules.winning)) {
    container.replaceChildren(
      h('pre', { class: 'rules-text', tabindex: 0 }, body.text ?? 'No rules are written for this game yet.'),
    );
    return;
  }
  const parts = [
    h('p', {}, rules.what),
    h('h3', {}, 'How to play'),
    h('ul', {}, ...rules.play.map((line) => h('li', {}, line))),
    h('h3', {}, 'Who wins'),
    h('ul', {}, ...rules.winning.map((line) => h('li', {}, line))),
  ];
  if (rules.terms && rules.terms.length > 0) {
    const list = h('dl', { class: 'terms' });
    for (const { term, meaning } of rules.terms) list.append(h('dt', {}, term), h('dd', {}, meaning));
    parts.push(h('h3', {}, 'Words in Grundy’s answers'), list);
  }
  const example = rules.example;
  if (example) {
    const ask = h('button', { type: 'button', class: 'secondary' }, 'Ask Grundy about this example');
    ask.addEventListener('click', () => askExample(example.fields));
    parts.push(
      h('h3', {}, 'Example'),
      h('p', {}, example.setup),
      h('ol', {}, ...example.steps.map((step) => h('li', {}, step))),
      h('p', {}, example.result),
      ask,
    );
  }
  if (body.picture) {
    parts.push(
      h('img', { src: body.picture, alt: `The rules example of ${rules.what}`, class: 'rules-picture' }),
    );
  }
  container.replaceChildren(...parts);
}
