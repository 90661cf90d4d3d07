/** Explanation data -> plain text for a terminal. (Discord rendering lives in bot/render/answer.ts.) */
import type { AnyGame, Explanation } from '../core/game.js';

export interface TextRenderOptions {
  /** Include the long `details` sections. */
  readonly details: boolean;
  readonly inputSummary?: string;
}

export function renderExplanationText(
  game: Pick<AnyGame, 'title'>,
  explanation: Explanation<unknown>,
  options: TextRenderOptions,
): string {
  const lines: string[] = [];
  lines.push(`${game.title}${options.inputSummary === undefined ? '' : ` — ${options.inputSummary}`}`);
  lines.push('');
  lines.push(explanation.headline);
  if (explanation.moves.length > 0) {
    lines.push('');
    lines.push(explanation.moves.length === 1 ? 'Winning move:' : 'Winning moves:');
    for (const move of explanation.moves) lines.push(`  * ${move.text}`);
  } else if (explanation.whyNoMove !== undefined) {
    lines.push('');
    lines.push(`No winning move: ${explanation.whyNoMove}`);
  }
  lines.push('');
  lines.push('Why:');
  for (const reason of explanation.reasons) lines.push(`  - ${reason}`);
  lines.push('');
  lines.push('Key facts:');
  for (const fact of explanation.facts) lines.push(`  ${fact.label}: ${fact.value}`);
  if (options.details) {
    for (const section of explanation.details ?? []) {
      lines.push('');
      lines.push(`${section.title}:`);
      for (const line of section.lines) lines.push(`  ${line}`);
    }
  } else if ((explanation.details?.length ?? 0) > 0) {
    lines.push('');
    lines.push(`(More: ${explanation.details?.map((d) => d.title).join('; ')} — run with --details.)`);
  }
  return lines.join('\n');
}
