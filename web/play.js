/**
 * Playing against Grundy (POST /api/play and its moves): a small setup (the form's position or a random one,
 * who moves first), then the position, the legal moves as buttons, a hint, resigning, and the review at the
 * end. Grundy always plays a perfect move.
 */
import { ApiError, postJson } from './api.js';
import { append, h } from './dom.js';

/**
 * @typedef {{ id: string, game: string, title: string, toMove: 'you' | 'grundy', over: boolean,
 *   winner: 'you' | 'grundy' | 'tie' | null, position: string[], moves: { id: string, text: string }[],
 *   history: { by: 'you' | 'grundy', move: string, text: string }[], grundyMove: string | null, hints: number,
 *   review: string[] | null, player?: string }} PlayState
 */

/** Up to this many legal moves show as buttons; more go in a list to pick from. */
const MAX_MOVE_BUTTONS = 16;

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

export class PlayPanel {
  /**
   * @param {HTMLElement} container
   * @param {() => import('./app.js').Game | undefined} currentGame
   * @param {() => import('./form.js').QuestionForm | undefined} currentForm
   */
  constructor(container, currentGame, currentForm) {
    this.container = container;
    this.currentGame = currentGame;
    this.currentForm = currentForm;
    /** The key that moves in our games; kept for the next game, as the API asks. */
    this.player = /** @type {string | undefined} */ (undefined);
    /** @type {PlayState | undefined} */
    this.state = undefined;
    this.busy = false;
    /** How many states have been drawn (tests and scripts can wait for the next). */
    this.shown = 0;
  }

  /** Shows the setup for the chosen game and moves focus to it. */
  open() {
    const game = this.currentGame();
    if (game === undefined) return;
    const form = this.currentForm();
    const options = form?.values() ?? {};
    const filled = game.fields.every((field) => !field.required || options[field.name] !== undefined);
    const shown = Object.values(options).map(String).join(' · ');
    const error = h('p', { class: 'form-error', id: 'play-setup-error', tabindex: -1, hidden: true });
    const difficulty = h(
      'select',
      { id: 'play-difficulty', name: 'difficulty' },
      h('option', { value: 'easy' }, 'easy'),
      h('option', { value: 'medium', selected: true }, 'medium'),
      h('option', { value: 'hard' }, 'hard'),
    );
    const setup = /** @type {HTMLFormElement} */ (
      h(
        'form',
        { class: 'play-setup', novalidate: true },
        h(
          'fieldset',
          {},
          h('legend', {}, 'Position'),
          h(
            'label',
            { class: 'choice' },
            h('input', { type: 'radio', name: 'source', value: 'form', checked: filled, disabled: !filled }),
            filled ? ' The one in the form: ' : ' The one in the form (fill it in first)',
            filled ? h('code', {}, shown.length > 80 ? `${shown.slice(0, 79)}…` : shown) : null,
          ),
          h(
            'label',
            { class: 'choice' },
            h('input', { type: 'radio', name: 'source', value: 'random', checked: !filled }),
            ' A random position you can win',
          ),
          h('label', { for: 'play-difficulty', class: 'inline' }, 'Difficulty '),
          difficulty,
        ),
        h(
          'fieldset',
          {},
          h('legend', {}, 'Who moves first'),
          h(
            'label',
            { class: 'choice' },
            h('input', { type: 'radio', name: 'starts', value: 'you', checked: true }),
            ' You',
          ),
          h(
            'label',
            { class: 'choice' },
            h('input', { type: 'radio', name: 'starts', value: 'grundy' }),
            ' Grundy',
          ),
        ),
        error,
        h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Start the game'), this.closeButton()),
      )
    );
    setup.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(setup);
      /** @type {Record<string, unknown>} */
      const body = { game: game.name, starts: String(data.get('starts') ?? 'you') };
      if (data.get('source') === 'form') body['options'] = this.currentForm()?.values() ?? options;
      else body['difficulty'] = String(data.get('difficulty') ?? 'medium');
      if (this.player !== undefined) body['player'] = this.player;
      void this.send('/api/play', body, error);
    });
    this.container.replaceChildren(
      h('h2', { id: 'play-title', tabindex: -1 }, `Play ${game.title} against Grundy`),
      setup,
    );
    this.container.hidden = false;
    /** @type {HTMLElement} */ (this.container.querySelector('#play-title')).focus();
  }

  /** Hides the panel (the game stays on the server until it expires). */
  close() {
    this.container.hidden = true;
    this.container.replaceChildren();
    this.state = undefined;
  }

  closeButton() {
    const close = h('button', { type: 'button', class: 'secondary' }, 'Close');
    close.addEventListener('click', () => {
      this.close();
      document.getElementById('play-start')?.focus();
    });
    return close;
  }

  /**
   * @param {string} url @param {Record<string, unknown>} body @param {HTMLElement} error
   */
  async send(url, body, error) {
    if (this.busy) return;
    this.busy = true;
    error.hidden = true;
    try {
      const { body: state } = await postJson(url, body);
      if (typeof state.player === 'string') this.player = state.player;
      this.show(state);
    } catch (failure) {
      const form = this.currentForm();
      if (
        url === '/api/play' &&
        failure instanceof ApiError &&
        failure.field !== null &&
        body['options'] !== undefined &&
        form?.has(failure.field)
      ) {
        // The form's position was refused: the message goes next to the form's field, as for a question.
        form.showError(failure.field, failure.message);
      } else {
        error.replaceChildren();
        append(error, messageOf(failure));
        error.hidden = false;
        error.focus();
      }
    } finally {
      this.busy = false;
    }
  }

  /** @param {PlayState} state */
  show(state) {
    this.state = state;
    const error = h('p', { class: 'form-error', id: 'play-error', tabindex: -1, hidden: true });
    const hintText = h('p', { class: 'hint-text', id: 'play-hint', 'aria-live': 'polite' });
    const turn = h(
      'p',
      { class: 'turn', id: 'play-turn', tabindex: -1, 'aria-live': 'polite' },
      this.turnText(state),
    );
    const parts = [
      h('h2', { id: 'play-title' }, `${state.title} against Grundy`),
      turn,
      h('pre', { class: 'position', 'aria-label': 'The position' }, state.position.join('\n')),
    ];
    if (!state.over && state.moves.length > 0) {
      /** @param {string} move */
      const play = (move) => {
        void this.send(
          `/api/play/${encodeURIComponent(state.id)}/moves`,
          { move, player: this.player },
          error,
        );
      };
      let moves;
      if (state.moves.length <= MAX_MOVE_BUTTONS) {
        moves = h('ul', { class: 'moves', 'aria-labelledby': 'moves-title' });
        for (const move of state.moves) {
          const button = h(
            'button',
            { type: 'button', class: 'move-button', 'data-move': move.id },
            move.text,
          );
          button.addEventListener('click', () => play(move.id));
          moves.append(h('li', {}, button));
        }
      } else {
        // Many moves (MAGIC has a hundred): one list to pick from beats a wall of buttons, on a phone above all.
        const select = /** @type {HTMLSelectElement} */ (
          h(
            'select',
            { id: 'play-move', 'aria-labelledby': 'moves-title', class: 'move-select' },
            ...state.moves.map((move) => h('option', { value: move.id }, move.text)),
          )
        );
        const go = h('button', { type: 'button', id: 'play-move-go' }, 'Play this move');
        go.addEventListener('click', () => play(select.value));
        moves = h('div', { class: 'move-picker' }, select, go);
      }
      const hint = h('button', { type: 'button', class: 'secondary' }, 'Hint');
      hint.addEventListener('click', () => void this.hint(state, hintText, error));
      const resign = h('button', { type: 'button', class: 'secondary' }, 'Resign');
      resign.addEventListener('click', () => {
        void this.send(`/api/play/${encodeURIComponent(state.id)}/resign`, { player: this.player }, error);
      });
      parts.push(
        h('h3', { id: 'moves-title' }, 'Your move'),
        moves,
        h('div', { class: 'actions' }, hint, resign),
        hintText,
      );
    }
    parts.push(error);
    if (state.over) {
      if (state.review && state.review.length > 0) {
        parts.push(
          h(
            'div',
            { class: 'review' },
            h('h3', {}, 'Review'),
            ...state.review.map((line) => h('p', {}, line)),
          ),
        );
      }
      const again = h('button', { type: 'button' }, 'New game');
      again.addEventListener('click', () => this.open());
      parts.push(h('div', { class: 'actions' }, again, this.closeButton()));
    }
    if (state.history.length > 0) {
      parts.push(
        h(
          'details',
          { class: 'history' },
          h('summary', {}, `Moves so far (${state.history.length})`),
          h(
            'ol',
            {},
            ...state.history.map((entry) =>
              h('li', {}, `${entry.by === 'you' ? 'You' : 'Grundy'}: ${entry.text}`),
            ),
          ),
        ),
      );
    }
    this.container.replaceChildren(...parts);
    this.container.hidden = false;
    this.shown += 1;
    this.container.dataset['shown'] = String(this.shown);
    turn.focus();
  }

  /** @param {PlayState} state */
  turnText(state) {
    const grundy = state.grundyMove !== null ? `Grundy played ${state.grundyMove}. ` : '';
    if (state.over) {
      const result =
        state.winner === 'you'
          ? 'You won!'
          : state.winner === 'grundy'
            ? 'Grundy won.'
            : state.winner === 'tie'
              ? 'A tie.'
              : 'Game over.';
      return `${grundy}${result}`;
    }
    return `${grundy}Your move: pick one below.`;
  }

  /**
   * @param {PlayState} state @param {HTMLElement} hintText @param {HTMLElement} error
   */
  async hint(state, hintText, error) {
    try {
      const { body } = await postJson(`/api/play/${encodeURIComponent(state.id)}/hint`, {
        player: this.player,
      });
      hintText.replaceChildren(`Hint: ${body.hint.text}`);
      // The hinted move's button is marked (or picked in the list), and says why to screen readers.
      const select = this.container.querySelector('#play-move');
      if (select instanceof HTMLSelectElement) select.value = body.hint.move;
      for (const button of this.container.querySelectorAll('.move-button')) {
        const hinted = button.getAttribute('data-move') === body.hint.move;
        button.classList.toggle('hinted', hinted);
        if (hinted) button.setAttribute('aria-describedby', 'play-hint');
        else button.removeAttribute('aria-describedby');
      }
    } catch (failure) {
      error.replaceChildren(messageOf(failure));
      error.hidden = false;
      error.focus();
    }
  }
}
