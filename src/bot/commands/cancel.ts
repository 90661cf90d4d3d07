/** The Cancel button under a long solve: only the asker may press it. */
import type { BotContext } from '../context.js';
import { CANCEL_PREFIX } from '../render/message.js';
import type { InteractionReply } from '../interaction/reply.js';
import type { ComponentRequest } from '../interaction/request.js';
import { formatMs } from '../render/answer.js';

export function isCancelButton(request: ComponentRequest): boolean {
  return request.customId.startsWith(CANCEL_PREFIX);
}

export async function handleCancel(
  bot: BotContext,
  request: ComponentRequest,
  reply: InteractionReply,
): Promise<void> {
  const runId = request.customId.slice(CANCEL_PREFIX.length);
  const run = bot.runs.get(runId);
  if (run === undefined) {
    await reply.fail({
      content: 'That solve has already finished (or Grundy restarted since); there is nothing to cancel.',
    });
    return;
  }
  if (run.askerId !== request.user.id) {
    await reply.fail({ content: `Only <@${run.askerId}>, who asked, can cancel this solve.` });
    return;
  }
  await run.cancel();
  await reply.update({
    content: `✖️ Cancelled by <@${request.user.id}> after ${formatMs(bot.now() - run.startedAt)}.`,
    embeds: [],
    components: [],
  });
}
