/** Shortening text for people: to fit a limit (messages), or to quote untrusted input inside an error. */

/** Clips to `limit` UTF-16 units without splitting a surrogate pair, marking the cut with an ellipsis. */
export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit <= 0) return '';
  let end = limit - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, Math.max(0, end))}…`;
}

/** Input as it may be quoted in an error: short, and with control characters and binary shown as '?'. */
export function quoteInput(text: string, max = 40): string {
  // Only the part shown is cleaned, so a huge token costs no more than a short one.
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  const printable = text.slice(0, max).replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, '?');
  return text.length <= max ? printable : `${printable}...`;
}

/** A whole count for people, with thousands separated and the noun agreeing: "1 gap", "2,000 gaps". */
export function counted(count: number | bigint | string, one: string, many = `${one}s`): string {
  const n = BigInt(count);
  return `${n.toLocaleString('en-US')} ${n === 1n ? one : many}`;
}

/** The text with its first letter capitalised: "slide the A" -> "Slide the A". */
export function capitalFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A clause as a sentence of its own: capitalised, with a full stop unless it ends in one already. */
export function sentence(text: string): string {
  const capital = capitalFirst(text);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
