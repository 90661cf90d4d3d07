/**
 * InteractionReply over a recording Responder (a real implementation of the transport interface that keeps
 * the calls): which Discord call each situation leads to, and the order of calls.
 */
import { describe, expect, test } from 'vitest';
import type { OutgoingMessage } from '../../src/bot/render/message.js';
import { InteractionReply } from '../../src/bot/interaction/reply.js';
import type { CommandRequest } from '../../src/bot/interaction/request.js';
import type { Responder } from '../../src/bot/interaction/responder.js';
import { createLogger } from '../../src/log.js';

class RecordingResponder implements Responder {
  readonly calls: [string, OutgoingMessage | boolean | string | undefined][] = [];
  private record(what: string, value?: OutgoingMessage | boolean): Promise<void> {
    this.calls.push([what, value]);
    return Promise.resolve();
  }
  reply = (m: OutgoingMessage) => this.record('reply', m);
  defer = (e: boolean) => this.record('defer', e);
  update = (m: OutgoingMessage) => this.record('update', m);
  deferUpdate = () => this.record('deferUpdate');
  /** Slower than the rest, so a later call would overtake it without the reply's queue. */
  editOriginal = async (m: OutgoingMessage) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await this.record('edit', m);
  };
  deleteOriginal = () => this.record('delete');
  followUp = async (m: OutgoingMessage) => {
    await this.record('followUp', m);
    return `m${this.calls.length}`;
  };
  editFollowUp = (id: string, m: OutgoingMessage) => this.record(`editFollowUp ${id}`, m);
  postInChannel = (channel: string, m: OutgoingMessage) => this.record(`post ${channel}`, m);
}

const request: CommandRequest = {
  kind: 'command',
  interactionId: '1',
  applicationId: '2',
  user: { id: '42', name: 'Ada' },
  channelId: '7',
  guildId: '8',
  receivedAt: 0,
  commandName: 'seagm',
  options: new Map(),
};

function setup(nowMs = 0) {
  const responder = new RecordingResponder();
  let now = nowMs;
  const reply = new InteractionReply(responder, request, {
    tokenTtlMs: 15 * 60_000,
    now: () => now,
    logger: createLogger('silent'),
  });
  return { responder, reply, setNow: (ms: number) => (now = ms) };
}

describe('InteractionReply', () => {
  test('an answer before any response is the first response; errors then are ephemeral replies', async () => {
    const { responder, reply } = setup();
    await reply.answer({ content: 'a' });
    expect(responder.calls).toEqual([['reply', { content: 'a' }]]);
    const second = setup();
    await second.reply.fail({ content: 'bad' });
    expect(second.responder.calls).toEqual([['reply', { content: 'bad', ephemeral: true }]]);
  });

  test('after a public defer: progress and answer edit in order; an error deletes and follows up ephemeral', async () => {
    const { responder, reply } = setup();
    await reply.defer();
    void reply.progress({ content: 'p1' });
    await reply.answer({ content: 'done' });
    expect(responder.calls.map(([what]) => what)).toEqual(['defer', 'edit', 'edit']);
    expect(responder.calls.at(-1)).toEqual(['edit', { content: 'done' }]);
    const failing = setup();
    await failing.reply.defer();
    await failing.reply.fail({ content: 'oops' });
    expect(failing.responder.calls).toEqual([
      ['defer', false],
      ['delete', undefined],
      ['followUp', { content: 'oops', ephemeral: true }],
    ]);
  });

  test('past the token lifetime: progress is dropped and the answer is posted in the channel, mentioning the asker', async () => {
    const { responder, reply, setNow } = setup();
    await reply.defer();
    setNow(15 * 60_000 - 5_000);
    await reply.progress({ content: 'p' });
    await reply.answer({ content: 'x', embeds: [] });
    expect(responder.calls).toEqual([
      ['defer', false],
      [
        'post 7',
        {
          content: '<@42> here is your answer (it took longer than Discord lets a reply stay open).\nx',
          embeds: [],
          components: [],
          mentionUsers: ['42'],
          ephemeral: false,
        },
      ],
    ]);
  });

  test('a deferred button update: the answer edits the button message; an error follows up ephemeral, deleting nothing', async () => {
    const { responder, reply } = setup();
    await reply.deferUpdate();
    await reply.answer({ content: 'next question' });
    expect(responder.calls).toEqual([
      ['deferUpdate', undefined],
      ['edit', { content: 'next question' }],
    ]);
    const failing = setup();
    await failing.reply.deferUpdate();
    await failing.reply.fail({ content: 'oops' });
    expect(failing.responder.calls).toEqual([
      ['deferUpdate', undefined],
      ['followUp', { content: 'oops', ephemeral: true }],
    ]);
  });

  test('webhook(): follow-ups beside the reply, usable until the token margin', async () => {
    const { responder, reply } = setup();
    const webhook = reply.webhook();
    expect(webhook.usableUntil).toBe(15 * 60_000 - 10_000);
    const id = await webhook.post({ content: 'q1' });
    await webhook.edit(id, { content: 'q1 closed' });
    expect(responder.calls).toEqual([
      ['followUp', { content: 'q1' }],
      [`editFollowUp ${id}`, { content: 'q1 closed' }],
    ]);
  });
});
