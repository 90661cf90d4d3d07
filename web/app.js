/**
 * The page's entry: loads the games, builds the form of the chosen game, asks /api/solve, waits on big
 * questions' jobs, and shows the answer. Plain ES modules, no build step (see the README for why).
 */
import { ApiError, getJson, postJson, waitForJob } from './api.js';
import { renderAnswer } from './answer.js';
import { append, byId, h } from './dom.js';
import { QuestionForm } from './form.js';
import { PlayPanel } from './play.js';
import { renderRules } from './rules.js';

/**
 * @typedef {{ name: string, title: string, summary: string, command: string, playable: boolean,
 *   fields: import('./form.js').Field[], examples: { fields: Record<string, string | number>, note: string }[] }} Game
 */

const form = /** @type {HTMLFormElement} */ (byId('ask'));
const gameSelect = /** @type {HTMLSelectElement} */ (byId('game'));
const solveButton = /** @type {HTMLButtonElement} */ (byId('solve'));
const playButton = /** @type {HTMLButtonElement} */ (byId('play-start'));
const rulesBox = /** @type {HTMLDetailsElement} */ (byId('rules'));
const rulesBody = byId('rules-body');
const formError = byId('form-error');
const status = byId('status');
const statusText = byId('status-text');
const statusProgress = /** @type {HTMLProgressElement} */ (byId('status-progress'));
const statusCancel = byId('status-cancel');
const answerBox = byId('answer');

/** @type {Game[]} */
let games = [];
/** @type {Game | undefined} */
let current;
/** @type {QuestionForm | undefined} */
let questionForm;
/** The question being asked; a new one (or "Stop waiting") aborts it. */
let asking = /** @type {AbortController | undefined} */ (undefined);
let rulesLoadedFor = '';

const play = new PlayPanel(
  byId('play'),
  () => current,
  () => questionForm,
);

/** @param {string | null} message */
function setFormError(message) {
  formError.replaceChildren();
  if (message === null) {
    formError.hidden = true;
    return;
  }
  append(formError, message);
  formError.hidden = false;
  formError.focus();
}

/** @param {string} name */
function selectGame(name) {
  current = games.find((game) => game.name === name) ?? games[0];
  if (current === undefined) return;
  gameSelect.value = current.name;
  byId('game-summary').replaceChildren(current.summary);
  byId('rules-game').replaceChildren(current.title);
  rulesBox.open = false;
  rulesBody.replaceChildren();
  rulesLoadedFor = '';
  questionForm = new QuestionForm(byId('fields'), current);
  const examples = byId('examples');
  examples.replaceChildren();
  if (current.examples.length > 0) {
    const list = h('ul', { class: 'example-list' });
    for (const example of current.examples) {
      const shown = Object.entries(example.fields)
        .map(([key, value]) => (current?.fields.length === 1 ? String(value) : `${key}: ${String(value)}`))
        .join(', ');
      const button = h(
        'button',
        { type: 'button', class: 'example' },
        shown.length > 60 ? `${shown.slice(0, 59)}…` : shown,
      );
      button.addEventListener('click', () => {
        questionForm?.fill(example.fields);
        void ask();
      });
      list.append(h('li', {}, button, h('span', { class: 'note' }, ` ${example.note}`)));
    }
    examples.append(
      h('p', { class: 'examples-title', id: 'examples-title' }, 'Examples (fill in and solve):'),
      list,
    );
    list.setAttribute('aria-labelledby', 'examples-title');
  }
  playButton.hidden = !current.playable;
  setFormError(null);
}

async function loadRules() {
  if (!rulesBox.open || current === undefined || rulesLoadedFor === current.name) return;
  const game = current;
  rulesLoadedFor = game.name;
  rulesBody.replaceChildren(h('p', {}, 'Loading the rules…'));
  try {
    const { body } = await getJson(`/api/games/${encodeURIComponent(game.name)}/rules`);
    if (current !== game) return;
    renderRules(rulesBody, body, (fields) => {
      questionForm?.fill(fields);
      void ask();
    });
  } catch (error) {
    rulesLoadedFor = '';
    rulesBody.replaceChildren(
      h('p', { class: 'form-error' }, error instanceof Error ? error.message : String(error)),
    );
  }
}

/** @param {string} message @param {number | null} progress */
function showStatus(message, progress) {
  status.hidden = false;
  statusText.replaceChildren(message);
  if (progress === null) statusProgress.removeAttribute('value');
  else statusProgress.value = Math.max(0, Math.min(1, progress));
}

function hideStatus() {
  status.hidden = true;
}

/** Keeps the question in the address bar, so it can be shared or bookmarked. */
function rememberQuestion() {
  if (current === undefined || questionForm === undefined) return;
  const query = new URLSearchParams({ game: current.name });
  for (const [key, value] of Object.entries(questionForm.values())) query.set(key, String(value));
  history.replaceState(null, '', `?${query.toString()}`);
}

async function ask() {
  if (current === undefined || questionForm === undefined) return;
  const game = current;
  const fields = questionForm;
  asking?.abort();
  const controller = new AbortController();
  asking = controller;
  fields.clearErrors();
  setFormError(null);
  if (fields.checkLocally() !== null) return;
  rememberQuestion();
  answerBox.hidden = true;
  answerBox.replaceChildren();
  showStatus('Asking Grundy…', null);
  solveButton.disabled = true;
  const started = Date.now();
  try {
    const { status: code, body } = await postJson(
      '/api/solve',
      { game: game.name, options: fields.values() },
      controller.signal,
    );
    let answer = body;
    if (code === 202) {
      showStatus('A big question: it waits in the queue…', null);
      answer = await waitForJob(
        body.job.url,
        (state) => {
          const seconds = Math.round((Date.now() - started) / 1000);
          const percent = state.progress === null ? '' : ` ${Math.round(state.progress * 100)}%`;
          const phase = state.status === 'running' ? `Working on it…${percent}` : 'Waiting in the queue…';
          showStatus(`${phase} (${seconds} s so far)`, state.progress);
        },
        controller.signal,
      );
    }
    if (controller.signal.aborted) return;
    hideStatus();
    renderAnswer(answerBox, answer, game.title);
    answerBox.focus();
  } catch (error) {
    if (controller.signal.aborted) return;
    hideStatus();
    if (error instanceof ApiError && error.field !== null && fields.has(error.field)) {
      fields.showError(error.field, error.message);
    } else {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  } finally {
    if (asking === controller) {
      asking = undefined;
      solveButton.disabled = false;
    }
  }
}

async function start() {
  const loadError = byId('load-error');
  try {
    games = (await getJson('/api/games')).body.games;
  } catch (error) {
    loadError.replaceChildren(
      `The games could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    );
    loadError.hidden = false;
    gameSelect.replaceChildren(h('option', {}, 'No games'));
    return;
  }
  gameSelect.replaceChildren(...games.map((game) => h('option', { value: game.name }, game.title)));
  gameSelect.disabled = false;
  solveButton.disabled = false;
  playButton.disabled = false;
  const query = new URLSearchParams(location.search);
  selectGame(query.get('game') ?? games[0]?.name ?? '');
  const asked = Object.fromEntries([...query].filter(([key]) => key !== 'game'));
  if (current !== undefined && query.get('game') === current.name && Object.keys(asked).length > 0) {
    questionForm?.fill(asked);
    void ask();
  }
}

gameSelect.addEventListener('change', () => {
  asking?.abort();
  hideStatus();
  // An answer or a game of the previous game would read as this game's.
  answerBox.hidden = true;
  answerBox.replaceChildren();
  play.close();
  selectGame(gameSelect.value);
  history.replaceState(null, '', `?game=${encodeURIComponent(gameSelect.value)}`);
});
rulesBox.addEventListener('toggle', () => void loadRules());
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void ask();
});
statusCancel.addEventListener('click', () => {
  asking?.abort();
  hideStatus();
  solveButton.disabled = false;
  solveButton.focus();
});
playButton.addEventListener('click', () => play.open());

void start();
