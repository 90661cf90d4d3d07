/**
 * An answer of POST /api/solve (or of a finished job) drawn into the page: the verdict, the move, a few lines
 * of why and the picture first; every reason, the key facts and the tables behind a <details>.
 */
import { h } from './dom.js';

/** At most this many lines of why in the short answer (as every other door shows it). */
const WHY_LINES = 3;

/**
 * @typedef {{ text: string }} ExplainedMove
 * @typedef {{ outcome: 'first' | 'second' | 'tie' | string, winner: string | null, headline: string,
 *   moves: ExplainedMove[], whyNoMove?: string, reasons: string[], facts: { label: string, value: string }[],
 *   details?: { title: string, lines: string[] }[], brief?: string[], refutation?: string }} Explanation
 * @typedef {{ game: string, params: unknown, result: unknown, explanation: Explanation,
 *   picture: string | null, pictureAlt?: string, text?: string }} Answer
 */

/** @param {Explanation} explanation */
export function verdictTitle(explanation) {
  if (explanation.winner === null || explanation.outcome === 'tie') return 'A tie with perfect play';
  return `${explanation.winner} wins`;
}

/** @param {Explanation} explanation */
function moveBlock(explanation) {
  const tie = explanation.outcome === 'tie';
  const [first, ...others] = explanation.moves;
  if (first !== undefined) {
    return h(
      'p',
      { class: 'move' },
      h('strong', {}, tie ? 'Secures the tie: ' : 'Play: '),
      first.text,
      others.length > 0
        ? h(
            'span',
            { class: 'others' },
            ` (${others.length} other ${others.length === 1 ? 'move does' : 'moves do'} as well: see the full reasoning)`,
          )
        : null,
    );
  }
  const refutation = explanation.refutation ?? explanation.whyNoMove;
  if (refutation === undefined) return null;
  return h(
    'p',
    { class: 'move' },
    h('strong', {}, tie ? 'No move wins: ' : 'Every move loses: '),
    refutation,
  );
}

/** @param {Explanation} explanation */
function fullReasoning(explanation) {
  const body = h('div', { class: 'reasoning' });
  if (explanation.moves.length > 1) {
    body.append(
      h('h4', {}, explanation.outcome === 'tie' ? 'Moves that secure the tie' : 'Winning moves'),
      h('ul', {}, ...explanation.moves.map((move) => h('li', {}, move.text))),
    );
  }
  if (explanation.whyNoMove !== undefined && explanation.moves.length === 0) {
    body.append(h('h4', {}, 'Why no move helps'), h('p', {}, explanation.whyNoMove));
  }
  body.append(
    h('h4', {}, 'Reasoning'),
    h('ol', {}, ...explanation.reasons.map((reason) => h('li', {}, reason))),
  );
  if (explanation.facts.length > 0) {
    const table = h('table', { class: 'facts' }, h('caption', {}, 'Key facts'));
    const rows = h('tbody');
    for (const fact of explanation.facts) {
      rows.append(h('tr', {}, h('th', { scope: 'row' }, fact.label), h('td', {}, fact.value)));
    }
    table.append(rows);
    body.append(table);
  }
  for (const detail of explanation.details ?? []) {
    body.append(h('h4', {}, detail.title), h('pre', { tabindex: 0 }, detail.lines.join('\n')));
  }
  return h('details', { class: 'full' }, h('summary', {}, 'Full reasoning'), body);
}

/**
 * @param {HTMLElement} container
 * @param {Answer} answer
 * @param {string} gameTitle
 */
export function renderAnswer(container, answer, gameTitle) {
  const { explanation } = answer;
  const why = (explanation.brief ?? explanation.reasons).slice(0, WHY_LINES);
  container.replaceChildren(
    h('p', { class: 'kicker' }, gameTitle),
    h('h2', { id: 'verdict', class: `verdict outcome-${explanation.outcome}` }, verdictTitle(explanation)),
    h('p', { class: 'headline' }, explanation.headline),
    moveBlock(explanation) ?? '',
    why.length > 0 ? h('h3', {}, 'Why') : '',
    why.length > 0 ? h('ul', { class: 'why' }, ...why.map((line) => h('li', {}, line))) : '',
    answer.picture
      ? h(
          'figure',
          { class: 'picture' },
          h('img', {
            src: answer.picture,
            alt: answer.pictureAlt ?? `Picture of the answer: ${explanation.headline}`,
            decoding: 'async',
          }),
          h(
            'figcaption',
            {},
            h('a', { href: answer.picture, target: '_blank' }, 'Open the picture full size'),
          ),
        )
      : '',
    fullReasoning(explanation),
  );
  container.hidden = false;
}
