/**
 * A game against Grundy -> one Discord message: the position, the last moves, whose turn it is, and the move
 * controls (buttons for a few moves, select menus for up to 100, a "Type a move" modal beyond), Hint and
 * Resign; once over, the review. Pure: no I/O, no clock; within Discord's limits (5 rows, 5 buttons a row,
 * 25 options a menu, 80-character labels, 100-character custom ids).
 */
import {
  ButtonStyle,
  ComponentType,
  TextInputStyle,
  type APIButtonComponent,
  type APIEmbed,
  type APIModalInteractionResponseCallbackData,
  type APIStringSelectComponent,
} from 'discord.js';
import type { AnyGame } from '../../core/game.js';
import { reviewSession, viewSession, type PlaySession } from '../../play/session.js';
import { clip, type MessageRow, type OutgoingMessage } from './message.js';

export const PLAY_PREFIX = 'play:';
const BUTTON_MOVES = 20;
const MENU_OPTIONS = 25;
const MENUS = 4;
const LABEL_LIMIT = 80;
const CUSTOM_ID_LIMIT = 100;
const LAST_MOVES = 6;
const COLOURS = { going: 0x5865f2, you: 0x57f287, grundy: 0xed4245, tie: 0xfee75c } as const;

/** What a control on a play message asks for. */
export type PlayAction =
  | { readonly kind: 'move'; readonly id: string; readonly move: string }
  | { readonly kind: 'select'; readonly id: string }
  | { readonly kind: 'type'; readonly id: string }
  | { readonly kind: 'typed'; readonly id: string }
  | { readonly kind: 'hint'; readonly id: string }
  | { readonly kind: 'resign'; readonly id: string };

export const TYPED_MOVE_FIELD = 'move';

export function playCustomId(action: PlayAction): string {
  switch (action.kind) {
    case 'move':
      return `${PLAY_PREFIX}${action.id}:m:${action.move}`;
    case 'select':
      return `${PLAY_PREFIX}${action.id}:s`;
    case 'type':
      return `${PLAY_PREFIX}${action.id}:t`;
    case 'typed':
      return `${PLAY_PREFIX}${action.id}:f`;
    case 'hint':
      return `${PLAY_PREFIX}${action.id}:h`;
    case 'resign':
      return `${PLAY_PREFIX}${action.id}:r`;
  }
}

/** The action a custom id stands for, or undefined when it is not a play control. */
export function parsePlayCustomId(customId: string): PlayAction | undefined {
  const match = /^play:([A-Za-z0-9_-]{1,40}):([mstfhr])(?::(.+))?$/s.exec(customId);
  if (match === null) return undefined;
  const [, id = '', code = '', move] = match;
  switch (code) {
    case 'm':
      return move === undefined ? undefined : { kind: 'move', id, move };
    case 's':
      return { kind: 'select', id };
    case 't':
      return { kind: 'type', id };
    case 'f':
      return { kind: 'typed', id };
    case 'h':
      return { kind: 'hint', id };
    case 'r':
      return { kind: 'resign', id };
    default:
      return undefined;
  }
}

function button(
  label: string,
  customId: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Danger,
): APIButtonComponent {
  return { type: ComponentType.Button, style, label: clip(label, LABEL_LIMIT), custom_id: customId };
}

function moveControls(session: PlaySession, moves: readonly { id: string; text: string }[]): MessageRow[] {
  const id = session.id;
  const fitsButtons =
    moves.length <= BUTTON_MOVES &&
    moves.every((m) => playCustomId({ kind: 'move', id, move: m.id }).length <= CUSTOM_ID_LIMIT);
  if (fitsButtons) {
    const rows: MessageRow[] = [];
    for (let i = 0; i < moves.length; i += 5) {
      rows.push({
        type: ComponentType.ActionRow,
        components: moves
          .slice(i, i + 5)
          .map((m) => button(m.id, playCustomId({ kind: 'move', id, move: m.id }), ButtonStyle.Primary)),
      });
    }
    return rows;
  }
  if (moves.length <= MENU_OPTIONS * MENUS && moves.every((m) => m.id.length <= 100)) {
    const rows: MessageRow[] = [];
    for (let i = 0, menu = 0; i < moves.length; i += MENU_OPTIONS, menu++) {
      const chunk = moves.slice(i, i + MENU_OPTIONS);
      const select: APIStringSelectComponent = {
        type: ComponentType.StringSelect,
        // Each menu needs its own custom id: its number rides after the action.
        custom_id: `${playCustomId({ kind: 'select', id })}:${menu}`,
        placeholder: clip(`Moves ${chunk[0]?.id ?? ''} … ${chunk[chunk.length - 1]?.id ?? ''}`, 150),
        min_values: 1,
        max_values: 1,
        options: chunk.map((m) => ({ label: clip(m.id, 100), value: m.id, description: clip(m.text, 100) })),
      };
      rows.push({ type: ComponentType.ActionRow, components: [select] });
    }
    return rows;
  }
  return [];
}

function lastMoves(session: PlaySession, studentName: string): string[] {
  const start = Math.max(0, session.moves.length - LAST_MOVES);
  return session.moves
    .slice(start)
    .map((m, i) => `${start + i + 1}. ${m.by === 'you' ? studentName : 'Grundy'}: ${m.text}`);
}

export interface PlayRenderContext {
  /** The display name of the student. */
  readonly studentName: string;
}

/** The game message: position, moves so far, whose turn it is and the controls; the review once it is over. */
export function renderPlayMessage(
  game: AnyGame,
  session: PlaySession,
  ctx: PlayRenderContext,
): OutgoingMessage {
  const view = viewSession(game, session);
  const seats = game.players(session.params);
  const you = seats[session.student];
  const lines = ['```', ...view.position.map((l) => clip(l, 200)), '```'];
  const history = lastMoves(session, ctx.studentName);
  if (history.length > 0) lines.push(...history, '');
  const moves = view.moves;
  const rows: MessageRow[] = [];
  let colour: number = COLOURS.going;
  if (view.over) {
    const review = reviewSession(game, session);
    colour = COLOURS[review.winner];
    lines.push('**Review**', ...review.lines);
  } else {
    lines.push(`**${ctx.studentName}** (${you}) to move.`);
    const controls = moveControls(session, moves);
    if (controls.length === 0) {
      const shown = moves.slice(0, 30).map((m) => `\`${m.id}\``);
      lines.push(`${moves.length} legal moves, e.g. ${shown.join(' ')}: press **Type a move**.`);
    }
    rows.push(...controls);
    const tail: APIButtonComponent[] = [];
    if (controls.length === 0 || moves.length > BUTTON_MOVES)
      tail.push(button('Type a move', playCustomId({ kind: 'type', id: session.id }), ButtonStyle.Primary));
    tail.push(
      button('Hint', playCustomId({ kind: 'hint', id: session.id }), ButtonStyle.Secondary),
      button('Resign', playCustomId({ kind: 'resign', id: session.id }), ButtonStyle.Danger),
    );
    rows.push({ type: ComponentType.ActionRow, components: tail });
  }
  const embed: APIEmbed = {
    title: clip(`${game.title}: ${ctx.studentName} (${you}) vs Grundy`, 256),
    description: clip(lines.join('\n'), 4000),
    color: colour,
    footer: { text: clip(`Game ${session.id} · only ${ctx.studentName} can move; everyone may watch`, 2048) },
  };
  return { embeds: [embed], components: rows };
}

/** The "Type a move" modal. */
export function renderMoveModal(
  game: AnyGame,
  session: PlaySession,
): APIModalInteractionResponseCallbackData {
  const example = viewSession(game, session).moves[0]?.id ?? '';
  return {
    custom_id: playCustomId({ kind: 'typed', id: session.id }),
    title: clip(`Your move: ${game.title}`, 45),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: TYPED_MOVE_FIELD,
            label: 'Move (as listed in the message)',
            style: TextInputStyle.Short,
            required: true,
            max_length: 100,
            placeholder: clip(`e.g. ${example}`, 100),
          },
        ],
      },
    ],
  };
}
