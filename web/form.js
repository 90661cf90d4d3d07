/**
 * The question form of one game, generated from its input fields (the slash command's options): a label, the
 * field's own description as a hint, its limits, an example as the placeholder, and a slot for the server's
 * message when that field is wrong.
 */
import { append, h } from './dom.js';

/**
 * @typedef {{ name: string, description: string, kind: 'text' | 'integer' | 'choice', required: boolean,
 *   choices?: string[], min?: number, max?: number, maxLength?: number, example: string,
 *   acceptsFile?: boolean }} Field
 */

/** The most a file may hold when read into a field: the API refuses larger bodies anyway. */
const MAX_FILE_BYTES = 900 * 1024;

/** @param {string} name */
function labelOf(name) {
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/[_-]/g, ' ');
}

/** @param {string} text */
function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** @param {number} value */
function formatNumber(value) {
  return value.toLocaleString('en-US');
}

/** @param {Field} field @param {string} id */
function controlFor(field, id) {
  const common = {
    id,
    name: field.name,
    'aria-describedby': `${id}-hint`,
    required: field.required,
    'aria-required': field.required ? 'true' : null,
  };
  switch (field.kind) {
    case 'choice': {
      const select = h('select', common);
      if (!field.required) select.append(h('option', { value: '' }, '(default)'));
      for (const choice of field.choices ?? []) select.append(h('option', { value: choice }, choice));
      return select;
    }
    case 'integer':
      return h('input', {
        ...common,
        type: 'number',
        inputmode: 'numeric',
        step: 1,
        min: field.min,
        max: field.max,
        placeholder: `e.g. ${field.example}`,
        autocomplete: 'off',
      });
    case 'text':
    default:
      return h('input', {
        ...common,
        type: 'text',
        maxlength: field.maxLength,
        placeholder: `e.g. ${field.example}`,
        autocomplete: 'off',
        autocapitalize: 'off',
        spellcheck: 'false',
      });
  }
}

/** @param {Field} field */
function limitsOf(field) {
  if (field.kind === 'integer' && field.min !== undefined && field.max !== undefined) {
    return `Whole number from ${formatNumber(field.min)} to ${formatNumber(field.max)}.`;
  }
  if (field.kind === 'text' && field.maxLength !== undefined && field.maxLength <= 10_000) {
    return `At most ${formatNumber(field.maxLength)} characters.`;
  }
  return null;
}

export class QuestionForm {
  /**
   * @param {HTMLElement} container
   * @param {{ name: string, fields: Field[] }} game
   */
  constructor(container, game) {
    this.game = game;
    /** @type {Map<string, { field: Field, control: HTMLInputElement | HTMLSelectElement, error: HTMLElement, hintId: string }>} */
    this.controls = new Map();
    container.replaceChildren();
    for (const field of game.fields) {
      const id = `f-${game.name}-${field.name}`;
      const control = /** @type {HTMLInputElement | HTMLSelectElement} */ (controlFor(field, id));
      const limits = limitsOf(field);
      const error = h('p', { id: `${id}-error`, class: 'field-error', hidden: true });
      const block = h(
        'div',
        { class: 'field', 'data-field': field.name },
        h(
          'label',
          { for: id },
          labelOf(field.name),
          field.required
            ? h('span', { class: 'required' }, ' (required)')
            : h('span', { class: 'optional' }, ' (optional)'),
        ),
        h(
          'p',
          { class: 'hint', id: `${id}-hint` },
          sentence(field.description),
          limits ? ` ${limits}` : null,
        ),
        control,
        error,
      );
      if (field.acceptsFile === true) block.append(this.fileLoader(field, id, control));
      container.append(block);
      this.controls.set(field.name, { field, control, error, hintId: `${id}-hint` });
    }
  }

  /**
   * A file's text replaces the field (as `--file` does in the CLI), read here in the browser.
   * @param {Field} field @param {string} id @param {HTMLInputElement | HTMLSelectElement} control
   */
  fileLoader(field, id, control) {
    const input = /** @type {HTMLInputElement} */ (
      h('input', { type: 'file', id: `${id}-file`, accept: '.txt,text/plain', class: 'file' })
    );
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (file === undefined) return;
      if (file.size > MAX_FILE_BYTES) {
        this.showError(
          field.name,
          `That file is ${formatNumber(Math.ceil(file.size / 1024))} kB; the page sends at most ` +
            `${formatNumber(MAX_FILE_BYTES / 1024)} kB. For bigger inputs use the command line: ` +
            `grundy solve ${this.game.name} --file ${file.name}`,
        );
        return;
      }
      file.text().then(
        (text) => {
          control.value = text.trim();
          this.clearError(field.name);
        },
        () => this.showError(field.name, `The file ${file.name} could not be read.`),
      );
    });
    return h(
      'div',
      { class: 'file-row' },
      h('label', { for: `${id}-file` }, 'or read it from a text file: '),
      input,
    );
  }

  /** The options to send: empty fields left out, as an unset slash option would be. */
  values() {
    /** @type {Record<string, string | number>} */
    const options = {};
    for (const [name, { field, control }] of this.controls) {
      const raw = control.value.trim();
      if (raw === '') continue;
      if (field.kind === 'integer' && /^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) {
        options[name] = Number(raw);
      } else {
        options[name] = raw;
      }
    }
    return options;
  }

  /** @param {Record<string, string | number | undefined>} values */
  fill(values) {
    for (const [name, { control }] of this.controls) {
      const value = values[name];
      control.value = value === undefined || value === null ? '' : String(value);
      this.clearError(name);
    }
  }

  /**
   * Checks what the browser alone can tell (a required field left empty, letters in a number box, whose value
   * the browser would otherwise drop); the server checks everything else. Returns the first bad field or null.
   */
  checkLocally() {
    let first = null;
    for (const [name, { field, control }] of this.controls) {
      let message = null;
      if (control instanceof HTMLInputElement && control.validity.badInput) {
        message =
          field.min !== undefined && field.max !== undefined
            ? `${labelOf(name)} must be a whole number from ${formatNumber(field.min)} to ${formatNumber(field.max)}, e.g. ${field.example}.`
            : `${labelOf(name)} must be a whole number, e.g. ${field.example}.`;
      } else if (field.required && control.value.trim() === '') {
        message = `${labelOf(name)} is required, e.g. ${field.example}.`;
      }
      if (message !== null) {
        this.showError(name, message, first === null);
        first ??= name;
      }
    }
    return first;
  }

  /** @param {string} name */
  has(name) {
    return this.controls.has(name);
  }

  /**
   * Puts `message` next to the field, ties it to the control for screen readers, and (by default) moves focus
   * there.
   * @param {string} name @param {string} message @param {boolean} [focus]
   */
  showError(name, message, focus = true) {
    const entry = this.controls.get(name);
    if (entry === undefined) return false;
    const { control, error, hintId } = entry;
    error.replaceChildren();
    append(error, message);
    error.hidden = false;
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', `${error.id} ${hintId}`);
    if (focus) control.focus();
    return true;
  }

  /** @param {string} name */
  clearError(name) {
    const entry = this.controls.get(name);
    if (entry === undefined) return;
    entry.error.hidden = true;
    entry.error.replaceChildren();
    entry.control.removeAttribute('aria-invalid');
    entry.control.setAttribute('aria-describedby', entry.hintId);
  }

  clearErrors() {
    for (const name of this.controls.keys()) this.clearError(name);
  }
}
