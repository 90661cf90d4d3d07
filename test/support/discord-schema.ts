/**
 * Discord's own request schemas, from its OpenAPI description (discord-api/openapi.json.gz), compiled with
 * ajv (JSON Schema 2020-12). The fake Discord validates every request body against these, and tests validate
 * the HTTP interaction responses, so the bot is held to Discord's contract without reaching Discord.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

const SPEC_ID = 'https://discord.test/openapi.json';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const addFormats: AddFormats =
  (addFormatsImport as unknown as { default?: AddFormats }).default ??
  (addFormatsImport as unknown as AddFormats);

interface OpenApi {
  readonly paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
  >;
  readonly components: Record<string, unknown>;
}

/** Turns local `#/...` refs into refs to the document registered under `specId`, so inline schemas resolve. */
export function absoluteRefs(value: unknown, specId: string = SPEC_ID): unknown {
  if (Array.isArray(value)) return value.map((v) => absoluteRefs(v, specId));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        key === '$ref' && typeof v === 'string' && v.startsWith('#/')
          ? `${specId}${v}`
          : absoluteRefs(v, specId),
      ]),
    );
  }
  return value;
}

export type RequestSchemaName =
  | 'interactionCallback'
  | 'webhookEdit'
  | 'webhookMessageEdit'
  | 'webhookExecute'
  | 'channelMessage'
  | 'channelMessageEdit'
  | 'commandsPut';

export interface DiscordSchemas {
  /** Error text, or undefined when `body` satisfies the schema. */
  validate(name: RequestSchemaName, body: unknown): string | undefined;
}

const names: readonly RequestSchemaName[] = [
  'interactionCallback',
  'webhookEdit',
  'webhookMessageEdit',
  'webhookExecute',
  'channelMessage',
  'channelMessageEdit',
  'commandsPut',
];

let cached: DiscordSchemas | undefined;

export function discordSchemas(): DiscordSchemas {
  if (cached !== undefined) return cached;
  const gz = readFileSync(new URL('./discord-api/openapi.json.gz', import.meta.url));
  const spec = JSON.parse(gunzipSync(gz).toString('utf8')) as OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, logger: false });
  addFormats(ajv);
  ajv.addFormat('snowflake', /^(0|[1-9][0-9]*)$/);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('nonce', true);
  ajv.addSchema({ $id: SPEC_ID, components: spec.components });

  const bodySchema = (path: string, method: string): unknown => {
    const schema = spec.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    if (schema === undefined) throw new Error(`no JSON request body for ${method.toUpperCase()} ${path}`);
    return absoluteRefs(schema);
  };
  const sources: Record<RequestSchemaName, unknown> = {
    interactionCallback: bodySchema('/interactions/{interaction_id}/{interaction_token}/callback', 'post'),
    webhookEdit: bodySchema('/webhooks/{webhook_id}/{webhook_token}/messages/@original', 'patch'),
    webhookMessageEdit: bodySchema('/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}', 'patch'),
    webhookExecute: bodySchema('/webhooks/{webhook_id}/{webhook_token}', 'post'),
    channelMessage: bodySchema('/channels/{channel_id}/messages', 'post'),
    channelMessageEdit: bodySchema('/channels/{channel_id}/messages/{message_id}', 'patch'),
    commandsPut: bodySchema('/applications/{application_id}/commands', 'put'),
  };
  // Compiled up front: compiling takes a while and would stall whatever shares the event loop mid-test.
  const compiled = new Map<RequestSchemaName, ValidateFunction>(
    names.map((name) => [name, ajv.compile(sources[name] as object)]),
  );
  cached = {
    validate(name, body) {
      const validator = compiled.get(name);
      if (validator === undefined) throw new Error(`no schema ${name}`);
      if (validator(body)) return undefined;
      return ajv.errorsText(validator.errors, { separator: '\n' });
    },
  };
  return cached;
}
