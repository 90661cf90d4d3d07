/**
 * Interaction payloads as Discord sends them (HTTP endpoint body or gateway INTERACTION_CREATE `d`), typed by
 * the option types of the registered command definitions, and Ed25519-signed requests from a test key pair.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { commandBodies } from '../../src/bot/commands/deploy.js';
import { botMessage } from '../../src/bot/render/message.js';
import { publicKeyToHex, signRequest } from '../../src/http/verify.js';
import type { AnyGame } from '../../src/core/game.js';
import type { FakeAttachment, FakeDiscord, FakeMessage } from './fake-discord.js';

export const APPLICATION_ID = '1300000000000000001';
export const GUILD_ID = '1300000000000000002';
export const CHANNEL_ID = '1300000000000000003';

export interface TestUser {
  readonly id: string;
  readonly username: string;
  readonly global_name: string;
}

export const ada: TestUser = { id: '1300000000000000101', username: 'ada', global_name: 'Ada' };
export const bob: TestUser = { id: '1300000000000000102', username: 'bob', global_name: 'Bob' };
export const cy: TestUser = { id: '1300000000000000103', username: 'cy', global_name: 'Cy' };
export const dee: TestUser = { id: '1300000000000000104', username: 'dee', global_name: 'Dee' };

/** What a test member may do in the channel (the interaction's `member.permissions`): no Manage Messages. */
export const MEMBER_PERMISSIONS = '2248473465835073';
/** The same plus Manage Messages (1 << 13). */
export const MODERATOR_PERMISSIONS = (BigInt(MEMBER_PERMISSIONS) | (1n << 13n)).toString();

let counter = 0;
function nextId(): string {
  counter++;
  return (1_310_000_000_000_000_000n + BigInt(Date.now() % 1_000_000) * 1000n + BigInt(counter)).toString();
}

export type OptionInput = string | number | boolean | FakeAttachment;

export interface BuiltInteraction {
  readonly id: string;
  readonly token: string;
  readonly payload: Record<string, unknown>;
}

/** Who acts and with which permissions; `fake` starts the token's lifetime clock. */
export interface ActorOptions {
  readonly user?: TestUser;
  readonly fake?: FakeDiscord;
  /** `member.permissions` (default MEMBER_PERMISSIONS). */
  readonly permissions?: string;
}

function member(user: TestUser, permissions = MEMBER_PERMISSIONS) {
  return {
    avatar: null,
    banner: null,
    communication_disabled_until: null,
    deaf: false,
    flags: 0,
    joined_at: '2024-01-01T00:00:00.000000+00:00',
    mute: false,
    nick: null,
    pending: false,
    permissions,
    premium_since: null,
    roles: [],
    user: { ...user, avatar: null, discriminator: '0', public_flags: 0 },
  };
}

const channel = {
  id: CHANNEL_ID,
  type: 0,
  guild_id: GUILD_ID,
  name: 'games',
  position: 0,
  flags: 0,
  parent_id: null,
  topic: null,
  nsfw: false,
  permissions: '2248473465835073',
  last_message_id: null,
  rate_limit_per_user: 0,
};

function base(user: TestUser, type: number, fake?: FakeDiscord, permissions?: string) {
  const id = nextId();
  const token = `aW50ZXJhY3Rpb246${randomBytes(90).toString('base64url')}`;
  fake?.issueToken(token, Date.now(), CHANNEL_ID);
  return {
    id,
    token,
    payload: {
      app_permissions: '2248473465835073',
      application_id: APPLICATION_ID,
      authorizing_integration_owners: { '0': GUILD_ID },
      channel,
      channel_id: CHANNEL_ID,
      context: 0,
      entitlements: [],
      guild: { id: GUILD_ID, locale: 'en-US', features: [] },
      guild_id: GUILD_ID,
      guild_locale: 'en-US',
      id,
      locale: 'en-GB',
      member: member(user, permissions),
      token,
      type,
      version: 1,
    },
  };
}

/**
 * A chat-input command interaction; option types come from the registered definitions of `games`. A name with
 * a space (`quiz start`) is a subcommand: the values ride inside it, as Discord sends them.
 */
export function chatInput(
  games: readonly AnyGame[],
  name: string,
  values: Record<string, OptionInput>,
  options: ActorOptions = {},
): BuiltInteraction {
  const [commandName = name, subcommand] = name.split(' ');
  const command = commandBodies(games).find((c) => c.name === commandName);
  const definition =
    subcommand === undefined
      ? command
      : (command?.options?.find((o) => o.name === subcommand) as
          { options?: { name: string; type: number }[] } | undefined);
  const built = base(options.user ?? ada, 2, options.fake, options.permissions);
  const attachments: Record<string, FakeAttachment> = {};
  const dataOptions = Object.entries(values).map(([optionName, value]) => {
    const type = definition?.options?.find((o) => o.name === optionName)?.type ?? 3;
    if (typeof value === 'object') {
      attachments[value.id] = value;
      return { name: optionName, type, value: value.id };
    }
    return { name: optionName, type, value };
  });
  const data: Record<string, unknown> = {
    id: nextId(),
    name: commandName,
    type: 1,
    options: subcommand === undefined ? dataOptions : [{ name: subcommand, type: 1, options: dataOptions }],
  };
  if (Object.keys(attachments).length > 0) {
    data['resolved'] = {
      attachments: Object.fromEntries(
        Object.entries(attachments).map(([id, a]) => [id, { ...a, ephemeral: true }]),
      ),
    };
  }
  return { ...built, payload: { ...built.payload, data } };
}

/** A button press on the message that `original` (the command interaction) was answered with. */
export function buttonPress(
  customId: string,
  original: BuiltInteraction,
  options: ActorOptions = {},
): BuiltInteraction {
  const built = base(options.user ?? ada, 3, options.fake, options.permissions);
  const message = botMessage(
    { id: nextId(), channelId: CHANNEL_ID, applicationId: APPLICATION_ID },
    {
      type: 20,
      application_id: APPLICATION_ID,
      content: '⏳ Solving',
      components: [{ type: 1, components: [{ type: 2, style: 4, label: 'Cancel', custom_id: customId }] }],
      webhook_id: APPLICATION_ID,
      interaction_metadata: {
        id: original.id,
        type: 2,
        user: { ...ada, avatar: null, discriminator: '0', public_flags: 0 },
        authorizing_integration_owners: { '0': GUILD_ID },
      },
    },
  );
  return {
    ...built,
    payload: { ...built.payload, data: { custom_id: customId, component_type: 2 }, message },
  };
}

/** A choice in a select menu (custom id `customId`) on the message `original` was answered with. */
export function selectPress(
  customId: string,
  values: readonly string[],
  original: BuiltInteraction,
  options: ActorOptions = {},
): BuiltInteraction {
  const pressed = buttonPress(customId, original, options);
  return {
    ...pressed,
    payload: { ...pressed.payload, data: { custom_id: customId, component_type: 3, values: [...values] } },
  };
}

/** A modal (custom id `customId`) opened from a button on the message `original` was answered with, submitted. */
export function modalSubmit(
  customId: string,
  fields: Readonly<Record<string, string>>,
  original: BuiltInteraction,
  options: ActorOptions = {},
): BuiltInteraction {
  const pressed = buttonPress(customId, original, options);
  const components = Object.entries(fields).map(([id, value]) => ({
    type: 1,
    components: [{ type: 4, custom_id: id, value }],
  }));
  return {
    ...pressed,
    payload: { ...pressed.payload, type: 5, data: { custom_id: customId, components } },
  };
}

/** A button press on a message Grundy posted (in the channel or as a follow-up), as the fake Discord holds it. */
export function componentPress(
  customId: string,
  message: FakeMessage,
  options: ActorOptions = {},
): BuiltInteraction {
  const built = base(options.user ?? ada, 3, options.fake, options.permissions);
  const shown = botMessage(
    { id: message.id, channelId: CHANNEL_ID, applicationId: APPLICATION_ID },
    message.body,
  );
  return {
    ...built,
    payload: { ...built.payload, data: { custom_id: customId, component_type: 2 }, message: shown },
  };
}

export const ping = (): Record<string, unknown> => ({
  application_id: APPLICATION_ID,
  id: nextId(),
  token: 'ping',
  type: 1,
  version: 1,
});

export interface TestKeys {
  readonly publicKeyHex: string;
  readonly privateKey: KeyObject;
}

export function testKeys(): TestKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKeyHex: publicKeyToHex(publicKey), privateKey };
}

export interface SignedResponse {
  readonly status: number;
  readonly json: unknown;
  /** Time to the complete HTTP response, ms. */
  readonly ms: number;
}

export interface SignOptions {
  /** Seconds; default now. */
  readonly timestamp?: number;
  /** Signs one body, sends another. */
  readonly sendBody?: string;
  readonly headers?: Record<string, string>;
  readonly unsigned?: boolean;
}

/** POSTs `payload` to `${baseUrl}/interactions` as Discord would: signed over timestamp + raw body. */
export async function postInteraction(
  baseUrl: string,
  keys: TestKeys,
  payload: unknown,
  options: SignOptions = {},
): Promise<SignedResponse> {
  const body = JSON.stringify(payload);
  const signature = options.unsigned === true ? {} : signRequest(keys.privateKey, body, options.timestamp);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/interactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Discord-Interactions/1.0',
      ...signature,
      ...options.headers,
    },
    body: options.sendBody ?? body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (e.g. an empty body).
  }
  return { status: response.status, json, ms };
}

/** A /seagm question with 2,000 distinct cards in an attached file (the `i`th of a series, each different). */
export function bigCardsInput(games: readonly AnyGame[], fake: FakeDiscord, i: number): BuiltInteraction {
  const cards = Array.from({ length: 2000 }, (_, k) => 1000 + (i + 3) * k + i).join(' ');
  return chatInput(games, 'seagm', { file: fake.addAttachment('cards.txt', cards) }, { fake });
}
