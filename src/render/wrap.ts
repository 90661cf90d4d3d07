/** Wraps terminal text to a width, keeping list markers and indents as a hanging indent. */

const MARKER = /^(\s*(?:[-*\u2022]|\d+\.)?\s*)/;

/** One line -> lines of at most `width` columns (a single word longer than that stays whole). */
export function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const lead = MARKER.exec(line)?.[1] ?? '';
  const hang = ' '.repeat(Math.min(lead.length, Math.floor(width / 2)));
  const words = line.slice(lead.length).split(/ +/);
  const out: string[] = [];
  let current = lead;
  let empty = true;
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      out.push(current);
      current = hang + word;
    } else {
      current = empty ? current + word : `${current} ${word}`;
    }
    empty = false;
  }
  out.push(current);
  return out;
}

/** Every line of `text` wrapped; `width` undefined (not a terminal) leaves the text as it is. */
export function wrapText(text: string, width: number | undefined): string {
  if (width === undefined || width < 20) return text;
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

/** The terminal's width: the TTY's columns, else $COLUMNS, else undefined (output is not wrapped). */
export function terminalWidth(stream: NodeJS.WritableStream, env: NodeJS.ProcessEnv): number | undefined {
  const columns =
    (stream as { isTTY?: boolean; columns?: number }).isTTY === true
      ? (stream as { columns?: number }).columns
      : undefined;
  if (columns !== undefined && columns > 0) return columns;
  const fromEnv = Number(env['COLUMNS']);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}
