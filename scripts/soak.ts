/**
 * `npm run soak`: a bounded chaos soak on loopback. `grundy serve` and two `grundy worker` processes run on a
 * Redis this script starts itself (a random free port, AOF on, in a temporary directory; never the shared
 * one), with REST calls going to the fake Discord of test/support. A steady stream of signed interactions
 * that all go through the queue is sent while a worker is SIGKILLed (and restarted), Redis is restarted, and
 * the fake Discord drops connections (before and after acting on a request). Then every interaction is
 * classified by what its user saw: an answer, an error, nothing (lost) or two final messages (duplicated).
 *
 * Settings (environment): SOAK_SECONDS (default 100), SOAK_RATE per second (default 4).
 * Exit code 1 when an interaction was lost or duplicated.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { testGames } from '../test/support/bot-harness.js';
import { FakeDiscord, type RecordedRequest } from '../test/support/fake-discord.js';
import { FakeGateway } from '../test/support/fake-gateway.js';
import { GrundyProcess } from '../test/support/grundy-process.js';
import {
  APPLICATION_ID,
  chatInput,
  postInteraction,
  testKeys,
  type BuiltInteraction,
  type TestUser,
} from '../test/support/interactions.js';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 100);
const RATE = Number(process.env['SOAK_RATE'] ?? 4);
/** After the stream: how long to wait for the last answers. */
const DRAIN_MS = 90_000;

function log(text: string): void {
  process.stdout.write(`[soak ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);
}
const t0 = Date.now();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server with AOF on, in `dir`; resolves once it accepts connections. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...[
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 15_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${String(code)}): ${output}`));
    });
  });
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

interface Sent {
  readonly built: BuiltInteraction;
  readonly user: TestUser;
  readonly sentAt: number;
  status?: number;
  firstType?: number | undefined;
  firstMs?: number;
  firstError?: string;
  /** The HTTP response to the interaction (type 4: a message shown at once). */
  firstBody?: unknown;
}

let userCounter = 0;
function nextUser(): TestUser {
  userCounter++;
  const id = (1_400_000_000_000_000_000n + BigInt(userCounter)).toString();
  return { id, username: `soak${userCounter}`, global_name: `Soak ${userCounter}` };
}

/**
 * A question that goes through the queue (INLINE_COST_MS=0): mostly SEAGM hands typed in, some big hands as
 * attachments (thousands of cards: the whole path of a file, and longer jobs for a worker to die in).
 */
function question(
  fake: FakeDiscord,
  user: TestUser,
  bigCards?: number,
): BuiltInteraction & { user: TestUser } {
  const card = (): number => 1 + Math.floor(Math.random() * 1e6);
  if (bigCards !== undefined) {
    const cards = Array.from({ length: bigCards }, () => 1 + Math.floor(Math.random() * 1e9));
    const file = fake.addAttachment('cards.txt', cards.join(' '));
    return { ...chatInput(testGames, 'seagm', { file }, { fake, user }), user };
  }
  if (Math.random() < 0.9) {
    const cards = Array.from({ length: 5 + Math.floor(Math.random() * 60) }, card);
    return { ...chatInput(testGames, 'seagm', { numbers: cards.join(' ') }, { fake, user }), user };
  }
  const cards = Array.from({ length: 2_000 + Math.floor(Math.random() * 8_000) }, card);
  const file = fake.addAttachment('cards.txt', cards.join(' '));
  return { ...chatInput(testGames, 'seagm', { file }, { fake, user }), user };
}

/** What a request shows the user, if it is final: an answer, an error, or nothing final (defer, progress). */
function finalKind(body: unknown): 'answer' | 'error' | undefined {
  const data = (body as { type?: number; data?: unknown } | undefined) ?? {};
  // Interaction callbacks wrap the message in `data`; type 5 (defer) and 6 (deferred update) show nothing final.
  const message = (typeof data.type === 'number' ? data.data : body) as
    { content?: string; embeds?: { title?: string }[] } | undefined;
  if (typeof data.type === 'number' && data.type !== 4 && data.type !== 7) return undefined;
  if (message === undefined) return undefined;
  const content = message.content ?? '';
  if (content.startsWith('⏳')) return undefined;
  if ((message.embeds ?? []).some((e) => /wins|tie/i.test(e.title ?? ''))) return 'answer';
  if (content === '' && (message.embeds ?? []).length === 0) return undefined;
  return 'error';
}

/** The messages a user sees as final for one interaction: one per distinct message (edits of one are one). */
function finals(fake: FakeDiscord, sent: Sent): { where: string; kind: 'answer' | 'error'; text: string }[] {
  const shown = new Map<string, { where: string; kind: 'answer' | 'error'; text: string }>();
  const note = (where: string, r: RecordedRequest): void => {
    if (r.status >= 300) return;
    const kind = finalKind(r.body);
    if (kind === undefined) return;
    const content =
      (r.body as { content?: string; data?: { content?: string } }).content ??
      (r.body as { data?: { content?: string } }).data?.content ??
      '';
    shown.set(where, { where, kind, text: content.slice(0, 120) });
  };
  if (sent.firstBody !== undefined && sent.status === 200) {
    note('original', { status: 200, body: sent.firstBody } as RecordedRequest);
  }
  for (const r of fake.forToken(sent.built.token)) {
    if (r.route.startsWith('POST /interactions/') || r.route.endsWith('/messages/@original'))
      note('original', r);
    else if (r.route === 'POST /webhooks/:app/:token') note(`follow-up ${fake.requests.indexOf(r)}`, r);
  }
  for (const r of fake.requests) {
    if (
      r.route === 'POST /channels/:channel/messages' &&
      JSON.stringify(r.body).includes(`<@${sent.user.id}>`)
    )
      note(`channel ${fake.requests.indexOf(r)}`, r);
  }
  return [...shown.values()];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<number> {
  // The soak's own event-loop delay: first-response times include it.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const dir = mkdtempSync(join(tmpdir(), 'grundy-soak-'));
  const port = await freePort();
  const redisUrl = `redis://127.0.0.1:${port}`;
  let redis = await startRedis(port, dir);
  // With the bot token, answers can also go to the channel; the bot then logs in to a fake gateway too.
  const gateway = await new FakeGateway({ token: 'fake-bot-token', applicationId: APPLICATION_ID }).start();
  const fake = await new FakeDiscord({ botToken: 'fake-bot-token', gatewayUrl: gateway.url }).start();
  const keys = testKeys();
  const env: Record<string, string> = {
    REDIS_URL: redisUrl,
    GRUNDY_PREFIX: 'soak',
    DISCORD_PUBLIC_KEY: keys.publicKeyHex,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_TOKEN: fake.botToken,
    DISCORD_API_BASE: fake.apiBase,
    HOST: '127.0.0.1',
    PORT: '0',
    // Everything goes through the queue, no rate limit, and a killed worker's jobs come back within seconds.
    INLINE_COST_MS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    JOB_LOCK_MS: '4000',
    STALLED_INTERVAL_MS: '2000',
    WORKER_CONCURRENCY: '2',
    LOG_LEVEL: 'info',
  };
  const processes: GrundyProcess[] = [];
  const launch = (verb: 'serve' | 'worker'): GrundyProcess => {
    const child = new GrundyProcess(verb, env);
    processes.push(child);
    return child;
  };
  const cleanup = async (): Promise<void> => {
    for (const child of processes) await child.kill();
    await stop(redis, 'SIGKILL');
    await fake.close();
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    void cleanup().then(() => process.exit(130));
  });

  try {
    log(`redis on ${redisUrl} (AOF in ${dir}), fake Discord on ${fake.origin}`);
    const serve = launch('serve');
    const url = await serve.ready();
    const workers = [launch('worker'), launch('worker')];
    await Promise.all(workers.map((w) => w.ready()));
    log(`serve on ${url}, 2 workers; ${SECONDS} s at ${RATE} interactions/s`);

    const sent: Sent[] = [];
    const pending: Promise<void>[] = [];
    const ask = (built: BuiltInteraction & { user: TestUser }): void => {
      const entry: Sent = { built, user: built.user, sentAt: Date.now() };
      sent.push(entry);
      pending.push(
        postInteraction(url, keys, built.payload).then(
          (response) => {
            entry.status = response.status;
            entry.firstMs = response.ms;
            entry.firstType = (response.json as { type?: number }).type;
            entry.firstBody = response.json;
          },
          (error: unknown) => {
            entry.firstError = String(error);
          },
        ),
      );
    };
    /** Sends four 100,000-card questions (over a second of solving each), waits until the worker solves, kills it. */
    const killMidJob = async (index: number): Promise<void> => {
      const worker = workers[index];
      if (worker === undefined) return;
      const from = worker.lines.length;
      for (let k = 0; k < 4; k++) ask(question(fake, nextUser(), 100_000));
      await worker
        .waitForLog((l) => l.msg === 'solving' && worker.lines.indexOf(l) >= from, 20_000)
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await worker.kill();
    };
    const chaos: { at: number; what: string; run: () => Promise<void> }[] = [
      {
        at: 0.15,
        what: 'SIGKILL worker 1 while it solves',
        run: () => killMidJob(0),
      },
      {
        at: 0.25,
        what: 'restart worker 1',
        run: async () => {
          workers[0] = launch('worker');
          await workers[0].ready();
        },
      },
      {
        at: 0.4,
        what: 'restart Redis (SIGTERM, start again on the same port and AOF)',
        run: async () => {
          await stop(redis, 'SIGTERM');
          redis = await startRedis(port, dir);
        },
      },
      {
        at: 0.6,
        what: 'fake Discord drops every connection, and 4 answer deliveries (2 before acting, 2 after)',
        run: async () => {
          const delivery = (route: string): boolean =>
            route.startsWith('PATCH /webhooks/') ||
            route === 'POST /webhooks/:app/:token' ||
            route === 'POST /channels/:channel/messages';
          fake.dropNext(2, 'before', delivery);
          fake.dropNext(2, 'after', delivery);
          fake.resetSockets();
          await Promise.resolve();
        },
      },
      {
        at: 0.75,
        what: 'SIGKILL worker 2 while it solves, and restart it',
        run: async () => {
          await killMidJob(1);
          workers[1] = launch('worker');
          await workers[1].ready();
        },
      },
    ];

    const total = Math.round(SECONDS * RATE);
    const streamStart = Date.now();
    let nextChaos = 0;
    for (let i = 0; i < total; i++) {
      const due = streamStart + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const event = chaos[nextChaos];
      if (event !== undefined && i / total >= event.at) {
        nextChaos++;
        log(`chaos: ${event.what}`);
        pending.push(event.run().catch((error: unknown) => log(`chaos step failed: ${String(error)}`)));
      }
      ask(question(fake, nextUser()));
      if (i > 0 && i % (RATE * 10) === 0) log(`${i} sent`);
    }
    await Promise.all(pending);
    log(`stream done: ${sent.length} sent; waiting up to ${DRAIN_MS / 1000} s for the last answers`);
    const drainEnd = Date.now() + DRAIN_MS;
    while (Date.now() < drainEnd && sent.some((s) => finals(fake, s).length === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Late duplicates (a retry that lands after all) have a moment to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    let answers = 0;
    let errors = 0;
    const errorTexts = new Map<string, number>();
    const lost: Sent[] = [];
    const duplicated: Sent[] = [];
    const unanswered = sent.filter((s) => s.status === undefined);
    for (const s of sent) {
      if (s.status === undefined) continue;
      const shown = finals(fake, s);
      if (shown.length === 0) lost.push(s);
      if (shown.length > 1) duplicated.push(s);
      if (shown.some((m) => m.kind === 'answer')) answers++;
      else if (shown.length > 0) {
        errors++;
        const text = shown[0]?.text ?? '';
        errorTexts.set(text, (errorTexts.get(text) ?? 0) + 1);
      }
    }
    const firstMs = sent.flatMap((s) => (s.firstMs === undefined ? [] : [s.firstMs])).sort((a, b) => a - b);
    const httpFailures = sent.filter((s) => s.status !== undefined && s.status !== 200).length;
    const row = (label: string, value: string | number): string => `  ${label.padEnd(34)} ${value}`;
    const lines = [
      '',
      `Soak: ${SECONDS} s at ${RATE}/s, serve + 2 workers on a private Redis (AOF), fake Discord on loopback`,
      `Chaos: ${chaos
        .slice(0, nextChaos)
        .map((c) => c.what)
        .join('; ')}`,
      row('requests', sent.length),
      row('answers', answers),
      row('errors shown to users', errors),
      row('lost (accepted, no final message)', lost.length),
      row('duplicated (two final messages)', duplicated.length),
      row(
        'first response p50 / p99 / max',
        `${percentile(firstMs, 50).toFixed(0)} / ${percentile(firstMs, 99).toFixed(0)} / ${(firstMs.at(-1) ?? Number.NaN).toFixed(0)} ms`,
      ),
      row('first responses not 200', httpFailures),
      row('POSTs with no HTTP response at all', unanswered.length),
      row(
        'deliveries dropped by the fake',
        `${fake.droppedNext.length} (${fake.droppedNext.map((d) => d.when).join(', ')})`,
      ),
      row('fake Discord problems', fake.problems.length),
      row(
        'jobs recovered after a worker died',
        processes
          .flatMap((p) => p.lines)
          .filter((l) => typeof l.msg === 'string' && l.msg.startsWith('job stalled')).length,
      ),
      row('soak process event-loop delay max', `${(loopDelay.max / 1e6).toFixed(0)} ms`),
      row('machine load average (1 min)', loadavg()[0]?.toFixed(1) ?? '?'),
    ];
    for (const [text, count] of errorTexts) lines.push(`    ${count} x error: ${text}`);
    const slowest = [...sent].sort((a, b) => (b.firstMs ?? 0) - (a.firstMs ?? 0)).slice(0, 3);
    for (const s of slowest) {
      lines.push(
        `    slow first response: ${(s.firstMs ?? 0).toFixed(0)} ms (type ${String(s.firstType)}), sent at ${((s.sentAt - t0) / 1000).toFixed(1)} s`,
      );
    }
    for (const s of lost.slice(0, 5)) {
      lines.push(
        `    lost: ${s.built.id} first response ${String(s.status)} type ${String(s.firstType)} ${s.firstError ?? ''}`,
      );
      for (const r of fake.forToken(s.built.token)) lines.push(`      ${r.route} ${r.status}`);
      for (const line of serve.stderrText.filter((l) => l.includes(s.built.id))) {
        lines.push(`      log: ${line.slice(0, 300)}`);
      }
    }
    for (const s of duplicated.slice(0, 5)) {
      lines.push(
        `    duplicated: ${s.built.id}: ${finals(fake, s)
          .map((m) => `${m.where} (${m.kind})`)
          .join(', ')}`,
      );
    }
    for (const problem of fake.problems.slice(0, 5)) lines.push(`    problem: ${problem.slice(0, 200)}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return lost.length === 0 && duplicated.length === 0 ? 0 : 1;
  } finally {
    await cleanup();
  }
}

process.exitCode = await main();
