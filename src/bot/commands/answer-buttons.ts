/**
 * The buttons under every answer: **Show the reasoning** (the full explanation, for the presser alone) and
 * **Rules** (the game's rules with their example). Neither solves again: the reasoning comes from this
 * process's memory of recent answers, else from the answer cache by the params hash the button carries.
 */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent } from 'discord.js';
import { LRUCache } from 'lru-cache';
import { InputError } from '../../core/errors.js';
import type { AnyGame, Explanation } from '../../core/game.js';
import type { AnswerPicture } from '../../render/answer-picture.js';
import type { BotContext } from '../context.js';
import type { InteractionReply } from '../interaction/reply.js';
import type { ComponentRequest } from '../interaction/request.js';
import { renderAnswer, type AnswerFacts } from '../render/answer.js';
import { renderRulesMessage } from '../render/rules.js';

export const REASONING_PREFIX = 'grundy-why:';
export const RULES_PREFIX = 'grundy-rules:';

/** Recent answers kept for their reasoning buttons (per process; the cache covers the rest). */
const MEMO_ENTRIES = 500;
const MEMO_TTL_MS = 24 * 60 * 60 * 1000;

interface Remembered {
  readonly gameId: string;
  readonly explanation: Explanation<unknown>;
  readonly inputSummary: string;
  readonly fromCache: boolean;
  readonly solveMs: number;
  readonly via: AnswerFacts['via'];
}

const memos = new WeakMap<BotContext, LRUCache<string, Remembered>>();

function memoOf(bot: BotContext): LRUCache<string, Remembered> {
  let memo = memos.get(bot);
  if (memo === undefined) {
    memo = new LRUCache<string, Remembered>({ max: MEMO_ENTRIES, ttl: MEMO_TTL_MS });
    memos.set(bot, memo);
  }
  return memo;
}

/**
 * Drawn pictures by answer key: rasterizing takes 0.1-0.2 s of a pool thread, so a repeated question reuses
 * it, and questions asked together share one drawing (the promise is kept).
 */
const PICTURE_ENTRIES = 64;
const pictureCaches = new WeakMap<BotContext, LRUCache<string, Promise<AnswerPicture>>>();

export function cachedPicture(
  bot: BotContext,
  key: string | undefined,
  draw: () => Promise<AnswerPicture>,
): Promise<AnswerPicture> {
  if (key === undefined) return draw();
  let cache = pictureCaches.get(bot);
  if (cache === undefined) {
    cache = new LRUCache<string, Promise<AnswerPicture>>({ max: PICTURE_ENTRIES });
    pictureCaches.set(bot, cache);
  }
  let picture = cache.get(key);
  if (picture === undefined) {
    picture = draw();
    cache.set(key, picture);
  }
  return picture;
}

/**
 * Keeps an answer for its reasoning button and returns the button's reference: the params hash when the answer
 * is cached by it (any bot process can find it), else `i<interaction id>` (this process only).
 */
export function rememberAnswer(
  bot: BotContext,
  gameId: string,
  answer: AnswerFacts & { readonly key?: string | undefined },
  inputSummary: string,
  interactionId: string,
): string {
  const hash = answer.key === undefined ? undefined : answer.key.slice(answer.key.lastIndexOf(':') + 1);
  const ref = hash !== undefined && /^[0-9a-f]{40}$/.test(hash) ? hash : `i${interactionId}`;
  memoOf(bot).set(`${gameId}:${ref}`, {
    gameId,
    explanation: answer.explanation,
    inputSummary,
    fromCache: answer.fromCache,
    solveMs: answer.solveMs,
    via: answer.via,
  });
  return ref;
}

export function answerButtonsRow(
  game: Pick<AnyGame, 'id' | 'rules'>,
  reasoningRef: string | undefined,
): APIActionRowComponent<APIButtonComponent> | undefined {
  const buttons: APIButtonComponent[] = [];
  if (reasoningRef !== undefined) {
    buttons.push({
      type: ComponentType.Button,
      style: ButtonStyle.Primary,
      label: 'Show the reasoning',
      custom_id: `${REASONING_PREFIX}${game.id}:${reasoningRef}`,
    });
  }
  if (game.rules !== undefined) {
    buttons.push({
      type: ComponentType.Button,
      style: ButtonStyle.Secondary,
      label: 'Rules',
      custom_id: `${RULES_PREFIX}${game.id}`,
    });
  }
  return buttons.length === 0 ? undefined : { type: ComponentType.ActionRow, components: buttons };
}

export function isAnswerButton(request: ComponentRequest): boolean {
  return request.customId.startsWith(REASONING_PREFIX) || request.customId.startsWith(RULES_PREFIX);
}

function findGame(bot: BotContext, id: string): AnyGame {
  const game = bot.games.find((g) => g.id === id);
  if (game === undefined) throw new InputError('That button belongs to a game Grundy no longer knows.');
  return game;
}

export async function handleAnswerButton(
  bot: BotContext,
  request: ComponentRequest,
  reply: InteractionReply,
): Promise<void> {
  if (request.customId.startsWith(RULES_PREFIX)) {
    const game = findGame(bot, request.customId.slice(RULES_PREFIX.length));
    await reply.answer({ ...renderRulesMessage(game), ephemeral: true });
    return;
  }
  const [gameId = '', ref = ''] = request.customId.slice(REASONING_PREFIX.length).split(':');
  const game = findGame(bot, gameId);
  const remembered = memoOf(bot).get(`${gameId}:${ref}`);
  if (remembered !== undefined) {
    await reply.answer({
      ...renderAnswer({ game, answer: remembered, inputSummary: remembered.inputSummary }),
      ephemeral: true,
    });
    return;
  }
  const cached = ref.startsWith('i') ? undefined : await bot.service.cachedAnswer?.(gameId, ref);
  if (cached === undefined) {
    throw new InputError(
      `Grundy no longer holds that answer's reasoning (answers are kept for a while, not forever). Ask /${game.id} again to see it.`,
    );
  }
  await reply.answer({
    ...renderAnswer({ game, answer: cached, inputSummary: 'the question above' }),
    ephemeral: true,
  });
}
