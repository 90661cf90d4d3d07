/**
 * A client for the JSON API that holds every response to the OpenAPI description the server itself serves
 * (src/http/api/openapi.ts): the status must be documented for the route and method, and the JSON body must
 * satisfy its schema (ajv, JSON Schema 2020-12), a PNG must be a PNG. It also records which route, method and
 * status were seen, so a suite can check that every documented route was exercised.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../src/http/api/openapi.js';
import { absoluteRefs } from '../support/discord-schema.js';

const SPEC_ID = 'https://grundy.test/openapi.json';

interface Operation {
  readonly responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

type PathItem = Partial<Record<'get' | 'post', Operation>>;

const spec = openApiDocument as unknown as {
  readonly paths: Record<string, PathItem>;
  readonly components: unknown;
};
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
ajv.addSchema({ $id: SPEC_ID, components: absoluteRefs(spec.components, SPEC_ID) });
const validators = new Map<unknown, ValidateFunction>();
function validatorFor(schema: unknown): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(absoluteRefs(schema, SPEC_ID) as object);
    validators.set(schema, validate);
  }
  return validate;
}
const errorSchema = { $ref: '#/components/schemas/Error' };

const templates = Object.keys(spec.paths).map((template) => ({
  template,
  pattern: new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  ),
}));

/** Every documented (method, route) pair, e.g. "post /api/solve". */
export const documentedOperations: readonly string[] = Object.entries(spec.paths).flatMap(
  ([template, item]) => Object.keys(item).map((method) => `${method} ${template}`),
);

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body (undefined for a PNG). */
  readonly json: unknown;
  readonly bytes: Uint8Array;
}

export class ApiClient {
  /** "post /api/solve 200" for every response checked. */
  static readonly seen = new Set<string>();

  constructor(readonly base: string) {}

  get(path: string): Promise<ApiResponse> {
    return this.send('GET', path);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
    return this.send('POST', path, typeof body === 'string' ? body : JSON.stringify(body), {
      'content-type': 'application/json',
      ...headers,
    });
  }

  async send(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const json: unknown = type.startsWith('application/json')
      ? JSON.parse(Buffer.from(bytes).toString('utf8'))
      : undefined;
    check(method, path, response.status, type, json, bytes);
    // Every API answer carries the security headers.
    expectHeader(response.headers, 'x-content-type-options', 'nosniff');
    expectHeader(response.headers, 'x-frame-options', 'DENY');
    return { status: response.status, headers: response.headers, json, bytes };
  }
}

function expectHeader(headers: Headers, name: string, value: string): void {
  if (headers.get(name) !== value)
    throw new Error(`header ${name} is ${String(headers.get(name))}, not ${value}`);
}

function check(
  method: string,
  path: string,
  status: number,
  type: string,
  json: unknown,
  bytes: Uint8Array,
): void {
  const route = templates.find((t) => t.pattern.test(path.split('?')[0] ?? ''));
  const operation =
    route === undefined ? undefined : spec.paths[route.template]?.[method.toLowerCase() as 'get'];
  if (route === undefined || operation === undefined) {
    // Unknown route or method: the one error shape, 404 or 405.
    if (status !== 404 && status !== 405)
      throw new Error(`${method} ${path}: ${status} for an undocumented route`);
    validate(validatorFor(errorSchema), json, `${method} ${path} ${status}`);
    return;
  }
  const documented = operation.responses[String(status)];
  if (documented === undefined)
    throw new Error(
      `${method} ${path}: status ${status} is not documented for ${route.template}\n${JSON.stringify(json)}`,
    );
  ApiClient.seen.add(`${method.toLowerCase()} ${route.template} ${status}`);
  const content = documented.content ?? {};
  if ('image/png' in content) {
    if (type !== 'image/png') throw new Error(`${method} ${path}: content-type ${type}, not image/png`);
    const magic = Buffer.from(bytes.subarray(0, 8)).toString('hex');
    if (magic !== '89504e470d0a1a0a') throw new Error(`${method} ${path}: not a PNG`);
    return;
  }
  const schema = content['application/json']?.schema;
  if (schema === undefined) throw new Error(`${method} ${path} ${status}: no JSON schema documented`);
  if (!type.startsWith('application/json'))
    throw new Error(`${method} ${path}: content-type ${type}, not JSON`);
  validate(validatorFor(schema), json, `${method} ${path} ${status}`);
}

function validate(validator: ValidateFunction, json: unknown, what: string): void {
  if (!validator(json)) {
    throw new Error(
      `${what}: the body does not match the OpenAPI description:\n${ajv.errorsText(validator.errors, { separator: '\n' })}\n${JSON.stringify(json).slice(0, 2000)}`,
    );
  }
}
