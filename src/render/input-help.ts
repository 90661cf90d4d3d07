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
  let extra = '';
  if (input.choices !== undefined) {
    if (!input.choices.every(says)) extra = ` (one of: ${input.choices.join(', ')})`;
  } else if (input.min !== undefined && input.max !== undefined) {
    if (!says(`${input.min}..${input.max}`))
      extra = ` (${formatBig(BigInt(input.min))} to ${formatBig(BigInt(input.max))})`;
  }
  // "(default 0)" and "(0 to 10^9)" read as one aside: "(default 0; 0 to 10^9)".
  if (extra !== '' && input.description.endsWith(')'))
    return `${input.description.slice(0, -1)}; ${extra.slice(2, -1)})${file}.${example}`;
  return `${input.description}${extra}${file}.${example}`;
}
