/**
 * The API's OpenAPI 3.1 description, served at GET /api/openapi.json. test/integration/api-openapi.test.ts
 * validates every real response of every route against it, so it cannot drift from what the server says.
 * (Long on purpose: it is data, the whole API description as one document.)
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as const;
const json = (schema: unknown) => ({ 'application/json': { schema } }) as const;
const answer = (description: string, schema: unknown, headers?: Record<string, unknown>) => ({
  description,
  content: json(schema),
  ...(headers === undefined ? {} : { headers }),
});
const problem = (description: string) => answer(description, ref('Error'));
const stringList = { type: 'array', items: { type: 'string' } } as const;
const nullableString = { type: ['string', 'null'] } as const;

const side = { enum: ['you', 'grundy'] } as const;

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer' } },
} as const;

/** Refusals every body-taking route may give. */
const postRefusals = {
  '400': problem(
    'Bad input: the message says what was wrong, what is allowed and an example; `field` names it',
  ),
  '413': problem('The body is larger than 2 MiB'),
  '415': problem('The body is not sent as application/json'),
  '429': answer(
    'Too many requests from this client address (the bot’s per-user limit)',
    ref('Error'),
    retryAfter,
  ),
  '500': problem('An unexpected failure; the message carries only a reference id, as does the log'),
  '503': answer(
    'The solve service is down or shutting down; or, without Redis, busy: a big question finds every solver thread for big questions taken and SOLVE_BACKLOG_MAX waiting (Retry-After is then set), or a new game finds the process holding as many games as it keeps',
    ref('Error'),
    retryAfter,
  ),
} as const;

const playId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } } as const;
const gameName = {
  name: 'game',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  example: 'seagm',
} as const;

const playStateRequired = [
  'id',
  'game',
  'title',
  'toMove',
  'over',
  'winner',
  'position',
  'moves',
  'history',
  'grundyMove',
  'hints',
  'review',
];

const playStateProperties = {
  id: { type: 'string' },
  game: { type: 'string' },
  title: { type: 'string' },
  toMove: side,
  over: { type: 'boolean' },
  winner: { enum: ['you', 'grundy', 'tie', null] },
  position: stringList,
  moves: {
    type: 'array',
    description: 'The legal moves now (empty once the game is over)',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'text'],
      properties: { id: { type: 'string' }, text: { type: 'string' } },
    },
  },
  history: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['by', 'move', 'text'],
      properties: { by: side, move: { type: 'string' }, text: { type: 'string' } },
    },
  },
  grundyMove: nullableString,
  hints: { type: 'integer', minimum: 0 },
  review: { oneOf: [{ type: 'null' }, stringList], description: 'When over: who won, your first mistake' },
} as const;

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Grundy',
    version: '1',
    description:
      'Solves and explains two-player games: the same answers, limits and games as the Discord bot and the CLI.',
  },
  paths: {
    '/api/games': {
      get: {
        summary: 'The games and their options (the slash commands’ options)',
        responses: { '200': answer('The games', ref('Games')) },
      },
    },
    '/api/games/{game}/rules': {
      get: {
        summary: 'A game’s rules, as data and as plain text',
        parameters: [gameName],
        responses: { '200': answer('The rules', ref('Rules')), '404': problem('No such game') },
      },
    },
    '/api/games/{game}/rules.png': {
      get: {
        summary: 'The picture of the rules’ worked example',
        parameters: [gameName],
        responses: {
          '200': { description: 'A PNG', content: { 'image/png': {} } },
          '404': problem('No such game, or no picture'),
        },
      },
    },
    '/api/solve': {
      post: {
        summary: 'Ask a question: who wins, the move to play, and why',
        requestBody: { required: true, content: json(ref('SolveRequest')) },
        responses: {
          '200': answer('The answer', ref('Answer')),
          '202': answer('A big question: poll the job', ref('Queued'), {
            Location: { description: 'The job’s URL', schema: { type: 'string' } },
          }),
          ...postRefusals,
        },
      },
    },
    '/api/jobs/{id}': {
      get: {
        summary: 'A big question’s progress, then its answer',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': answer('The job', ref('Job')),
          '404': problem('No such job (or finished over an hour ago)'),
        },
      },
    },
    '/api/pictures/{id}.png': {
      get: {
        summary: 'An answer’s picture',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'A PNG', content: { 'image/png': {} } },
          '404': problem('No such picture (they are kept an hour)'),
        },
      },
    },
    '/api/openapi.json': {
      get: { summary: 'This description', responses: { '200': answer('OpenAPI 3.1', { type: 'object' }) } },
    },
    '/api/play': {
      post: {
        summary: 'Start a game against Grundy',
        requestBody: { required: true, content: json(ref('PlayStart')) },
        responses: {
          '201': answer('The game, with the player key that moves in it', ref('PlayStarted'), {
            Location: { description: 'The game’s URL', schema: { type: 'string' } },
          }),
          '409': problem('This player key already has 3 open games'),
          ...postRefusals,
        },
      },
    },
    '/api/play/{id}': {
      get: {
        summary: 'A game in progress (anyone with its id may watch)',
        parameters: [playId],
        responses: {
          '200': answer('The game', ref('PlayState')),
          '404': problem('No such game, or it expired'),
        },
      },
    },
    '/api/play/{id}/moves': {
      post: {
        summary: 'Your move; Grundy answers at once',
        parameters: [playId],
        requestBody: { required: true, content: json(ref('PlayMove')) },
        responses: {
          '200': answer('The game after your move and Grundy’s', ref('PlayState')),
          '403': problem('The player key does not move in this game'),
          '404': problem('No such game, or it expired'),
          ...postRefusals,
        },
      },
    },
    '/api/play/{id}/hint': {
      post: {
        summary: 'A move that keeps your best result, or why there is none',
        parameters: [playId],
        requestBody: { required: true, content: json(ref('PlayPlayer')) },
        responses: {
          '200': answer('The hint', ref('PlayHint')),
          '403': problem('The player key does not move in this game'),
          '404': problem('No such game, or it expired'),
          ...postRefusals,
        },
      },
    },
    '/api/play/{id}/resign': {
      post: {
        summary: 'Resign: the game ends, Grundy wins',
        parameters: [playId],
        requestBody: { required: true, content: json(ref('PlayPlayer')) },
        responses: {
          '200': answer('The finished game with its review', ref('PlayState')),
          '403': problem('The player key does not move in this game'),
          '404': problem('No such game, or it expired'),
          ...postRefusals,
        },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        additionalProperties: false,
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            additionalProperties: false,
            required: ['message'],
            properties: {
              message: { type: 'string', minLength: 1 },
              field: { ...nullableString, description: 'On a 400: the option or body member that was wrong' },
              id: { type: 'string', description: 'On a 500: the reference id, as in the server’s log' },
            },
          },
        },
      },
      Field: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'kind', 'required', 'example'],
        properties: {
          name: { type: 'string', pattern: '^[-_a-z0-9]{1,32}$' },
          description: { type: 'string' },
          kind: { enum: ['text', 'integer', 'choice'] },
          required: { type: 'boolean' },
          choices: stringList,
          min: { type: 'number' },
          max: { type: 'number' },
          maxLength: { type: 'integer', minimum: 1, description: 'The longest text this API takes' },
          example: { type: 'string' },
          acceptsFile: { type: 'boolean', description: 'Long input (a file’s text on Discord and the CLI)' },
        },
      },
      Options: {
        type: 'object',
        description: 'The game’s options by name (the slash command’s options)',
        additionalProperties: { type: ['string', 'integer'] },
      },
      Game: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'title', 'summary', 'command', 'playable', 'fields', 'examples'],
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          summary: { type: 'string' },
          command: { type: 'string', description: 'The same question in a terminal' },
          playable: { type: 'boolean' },
          fields: { type: 'array', items: ref('Field') },
          examples: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['fields', 'note'],
              properties: { fields: ref('Options'), note: { type: 'string' } },
            },
          },
        },
      },
      Games: {
        type: 'object',
        additionalProperties: false,
        required: ['games'],
        properties: { games: { type: 'array', items: ref('Game') } },
      },
      Rules: {
        type: 'object',
        additionalProperties: false,
        required: ['game', 'rules', 'text', 'picture'],
        properties: {
          game: { type: 'string' },
          rules: {
            oneOf: [
              { type: 'null' },
              {
                type: 'object',
                additionalProperties: false,
                required: ['what', 'play', 'winning', 'example'],
                properties: {
                  what: { type: 'string' },
                  play: stringList,
                  winning: stringList,
                  terms: {
                    type: 'array',
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['term', 'meaning'],
                      properties: { term: { type: 'string' }, meaning: { type: 'string' } },
                    },
                  },
                  example: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['params', 'cli', 'fields', 'setup', 'steps', 'result'],
                    properties: {
                      params: {},
                      cli: { type: 'string' },
                      fields: ref('Options'),
                      setup: { type: 'string' },
                      steps: stringList,
                      result: { type: 'string' },
                    },
                  },
                },
              },
            ],
          },
          text: { type: 'string', description: 'The rules as plain text (as `grundy rules` prints them)' },
          picture: { ...nullableString, description: 'URL of the example’s picture (a PNG)' },
        },
      },
      SolveRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['game'],
        properties: { game: { type: 'string', example: 'seagm' }, options: ref('Options') },
        example: { game: 'seagm', options: { numbers: '2 6 3' } },
      },
      Explanation: {
        type: 'object',
        additionalProperties: false,
        required: ['outcome', 'winner', 'headline', 'moves', 'reasons', 'facts'],
        properties: {
          outcome: { enum: ['first', 'second', 'tie'] },
          winner: nullableString,
          headline: { type: 'string' },
          moves: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['text', 'move'],
              properties: { text: { type: 'string' }, move: {} },
            },
          },
          whyNoMove: { type: 'string' },
          reasons: stringList,
          facts: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['label', 'value'],
              properties: { label: { type: 'string' }, value: { type: 'string' } },
            },
          },
          details: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['title', 'lines'],
              properties: { title: { type: 'string' }, lines: stringList },
            },
          },
          brief: stringList,
          refutation: { type: 'string' },
        },
      },
      Answer: {
        type: 'object',
        additionalProperties: false,
        required: ['game', 'params', 'result', 'explanation', 'picture', 'pictureAlt', 'text'],
        description:
          '`game`, `params`, `result` and `explanation` exactly as `grundy solve --json` prints them',
        properties: {
          game: { type: 'string' },
          params: { description: 'The validated, normalised input (the game’s own shape)' },
          result: { description: 'The solver’s result (the game’s own shape)' },
          explanation: ref('Explanation'),
          picture: { ...nullableString, pattern: '^/api/pictures/[0-9a-f]{32}\\.png$' },
          pictureAlt: {
            ...nullableString,
            description: 'What the picture shows, in words (its alt text); null when there is no picture',
          },
          text: { type: 'string', description: 'The short answer in plain lines' },
        },
      },
      Queued: {
        type: 'object',
        additionalProperties: false,
        required: ['status', 'job'],
        properties: {
          status: { const: 'queued' },
          job: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'url'],
            properties: {
              id: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' },
              url: { type: 'string', pattern: '^/api/jobs/[A-Za-z0-9_-]{22}$' },
            },
          },
        },
      },
      Job: {
        oneOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['status', 'progress'],
            properties: {
              status: { enum: ['queued', 'running'] },
              progress: { type: ['number', 'null'], minimum: 0, maximum: 1 },
            },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['status', 'answer'],
            properties: { status: { const: 'done' }, answer: ref('Answer') },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['status', 'error'],
            properties: {
              status: { const: 'failed' },
              error: {
                type: 'object',
                additionalProperties: false,
                required: ['message'],
                properties: { message: { type: 'string' } },
              },
            },
          },
        ],
      },
      PlayStart: {
        type: 'object',
        additionalProperties: false,
        required: ['game'],
        properties: {
          game: { type: 'string' },
          options: ref('Options'),
          difficulty: { enum: ['easy', 'medium', 'hard'], description: 'A random position you can win' },
          starts: { enum: ['you', 'grundy'], default: 'you' },
          player: {
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{32}$',
            description: 'A key from an earlier start',
          },
        },
      },
      PlayMove: {
        type: 'object',
        additionalProperties: false,
        required: ['move', 'player'],
        properties: { move: { type: 'string', maxLength: 100 }, player: { type: 'string' } },
      },
      PlayPlayer: {
        type: 'object',
        additionalProperties: false,
        required: ['player'],
        properties: { player: { type: 'string' } },
      },
      PlayState: {
        type: 'object',
        additionalProperties: false,
        required: playStateRequired,
        properties: playStateProperties,
      },
      PlayStarted: {
        type: 'object',
        additionalProperties: false,
        required: [...playStateRequired, 'player'],
        properties: {
          ...playStateProperties,
          player: {
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{32}$',
            description: 'The key that moves in this game',
          },
        },
      },
      PlayHint: {
        type: 'object',
        additionalProperties: false,
        required: ['hint'],
        properties: {
          hint: {
            type: 'object',
            additionalProperties: false,
            required: ['move', 'verdict', 'text'],
            properties: {
              move: nullableString,
              verdict: { enum: ['win', 'loss', 'tie'] },
              text: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;
