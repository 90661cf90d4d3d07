/** How one input of a game is described to a person: in `grundy solve <game> --help` and in Discord's /help. */
import type { InputField } from '../core/game.js';
import { formatBig, givesExample } from '../core/params.js';

/**
 * An input's description, then what the description leaves out of its choices and its range, `file` (a note on
 * giving it as a file, or nothing), and an example, `quote`d: a description that gives them already is not made
 * to say them twice.
 */
export function inputHelp(
  input: InputField,
  file = '',
  quote: (text: string) => string = (text) => text,
): string {
  const says = (text: string): boolean => input.description.includes(text);
  const example = givesExample(input) ? '' : ` e.g. ${quote(input.example)}`;
  let added = '';
  if (input.choices !== undefined) {
    if (!input.choices.every(says)) added = `one of: ${input.choices.join(', ')}`;
  } else if (input.min !== undefined && input.max !== undefined) {
    if (!says(`${input.min}..${input.max}`))
      added = `${formatBig(BigInt(input.min))} to ${formatBig(BigInt(input.max))}`;
  }
  const { description } = input;
  // "(default 0)" and "0 to 10^9" read as one aside: "(default 0; 0 to 10^9)".
  const described =
    added === ''
      ? description
      : description.endsWith(')')
        ? `${description.slice(0, -1)}; ${added})`
        : `${description} (${added})`;
  return `${described}${file}.${example}`;
}
