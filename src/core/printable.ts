/**
 * Text bound for a terminal or a chat: control characters from user input (ESC sequences, NUL, bidi overrides)
 * must never reach the screen as such, or a file could repaint the terminal or hide what it says.
 */

// C0 controls except tab and line feed, DEL, C1 controls, and the bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character (but tab and line feed) shown as '?'. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '?');
}
