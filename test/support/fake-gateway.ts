/**
 * A fake Discord gateway on loopback (the `ws` package), speaking the gateway protocol as discord.js expects it:
 * HELLO on connect, heartbeats answered with ACKs, IDENTIFY answered with READY (a session id and a
 * `resume_gateway_url`), RESUME replaying the events the session missed and then RESUMED, RECONNECT and
 * INVALID_SESSION on demand, and dispatches (INTERACTION_CREATE) with sequence numbers. It can drop every
 * socket at once, or go away entirely (refusing connections) and come back on the same port. What a real
 * gateway would refuse (a wrong token, a payload before IDENTIFY, a bad version or encoding) is recorded in
 * `problems` and closed with Discord's close code.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { ChangeWaiters } from './change-waiters.js';

/** Gateway opcodes (Discord's "Opcodes and Status Codes"). */
export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  Resume: 6,
  Reconnect: 7,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

const Close = { DecodeError: 4002, NotAuthenticated: 4003, AuthenticationFailed: 4004, InvalidVersion: 4012 };

interface Payload {
  readonly op: number;
  readonly d?: unknown;
  readonly s?: number | null;
  readonly t?: string | null;
}

export interface GatewayConnection {
  readonly id: number;
  readonly at: number;
  readonly path: string;
  readonly query: URLSearchParams;
  /** Payloads received from the client, in order. */
  readonly received: Payload[];
  socket: WebSocket;
  session: Session | undefined;
  closed: boolean;
}

interface Session {
  readonly id: string;
  seq: number;
  readonly events: { s: number; t: string; d: unknown }[];
  connection: GatewayConnection | undefined;
}

export interface FakeGatewayOptions {
  /** The bot token IDENTIFY and RESUME must carry. */
  readonly token: string;
  readonly applicationId: string;
  /** HELLO's heartbeat_interval (Discord: about 41 s; short here so tests see heartbeats). */
  readonly heartbeatIntervalMs?: number;
}

export class FakeGateway {
  readonly connections: GatewayConnection[] = [];
  readonly problems: string[] = [];
  private readonly sessions = new Map<string, Session>();
  private readonly waiters = new ChangeWaiters();
  private readonly heartbeatIntervalMs: number;
  private http: Server | undefined;
  private wss: WebSocketServer | undefined;
  private port = 0;
  /** The session events go to (the latest one identified). */
  private current: Session | undefined;

  constructor(private readonly options: FakeGatewayOptions) {
    this.heartbeatIntervalMs = options.heartbeatIntervalMs ?? 1_000;
  }

  /** What `GET /gateway/bot` answers. */
  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** READY's resume_gateway_url: a different path, so tests can see that resumes use it. */
  get resumeUrl(): string {
    return `${this.url}/resume`;
  }

  async start(port = 0): Promise<this> {
    const http = createServer((_req, res) => res.writeHead(426).end());
    const wss = new WebSocketServer({ server: http });
    wss.on('connection', (socket, request) => this.accept(socket, request));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(port, '127.0.0.1', resolve);
    });
    this.http = http;
    this.wss = wss;
    this.port = (http.address() as AddressInfo).port;
    return this;
  }

  /** Drops every socket without a close frame (as a network failure would); sessions stay resumable. */
  dropConnections(): void {
    for (const connection of this.open()) connection.socket.terminate();
  }

  /** Goes away: drops every socket and refuses new connections until `comeBack()`. */
  async goAway(): Promise<void> {
    this.dropConnections();
    const http = this.http;
    this.http = undefined;
    this.wss?.close();
    this.wss = undefined;
    if (http !== undefined) {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  }

  /** Listens again on the same port. */
  async comeBack(): Promise<void> {
    await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.goAway();
  }

  /** Sends RECONNECT (op 7) on every open socket: the client should come back and RESUME. */
  requestReconnect(): void {
    for (const connection of this.open()) send(connection.socket, { op: Op.Reconnect, d: null });
  }

  /** Sends INVALID_SESSION (op 9) and forgets the sessions: the client must IDENTIFY again. */
  invalidateSessions(): void {
    for (const connection of this.open()) send(connection.socket, { op: Op.InvalidSession, d: false });
    this.sessions.clear();
    this.current = undefined;
  }

  /**
   * Dispatches an event to the current session, with the next sequence number; while its socket is down the
   * event waits in the session, and a RESUME replays it.
   */
  dispatch(t: string, d: unknown): void {
    const session = this.current;
    if (session === undefined) throw new Error(`no session to dispatch ${t} to`);
    const event = { s: ++session.seq, t, d };
    session.events.push(event);
    const connection = session.connection;
    if (connection !== undefined && !connection.closed)
      send(connection.socket, { op: Op.Dispatch, ...event });
  }

  /** An interaction, as Discord sends it through the gateway (the payload is INTERACTION_CREATE's `d`). */
  interaction(payload: Record<string, unknown>): void {
    this.dispatch('INTERACTION_CREATE', payload);
  }

  /** Payloads with opcode `op` received on any connection, in order. */
  receivedOp(op: number): Payload[] {
    return this.connections.flatMap((c) => c.received.filter((p) => p.op === op));
  }

  /** Whether a session is identified or resumed on an open socket. */
  get live(): boolean {
    const connection = this.current?.connection;
    return connection !== undefined && !connection.closed;
  }

  /** Resolves when `condition` holds, checked on every message and connection change. */
  waitFor(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
    return this.waiters
      .until(
        () => (condition() ? true : undefined),
        timeoutMs,
        () => `timed out after ${timeoutMs} ms waiting for ${what}; gateway saw:\n${this.describe()}`,
      )
      .then(() => undefined);
  }

  /** One line per connection and what it received, for failure messages. */
  describe(): string {
    return this.connections
      .map(
        (c) =>
          `  #${c.id} ${c.path}?${c.query.toString()}: ${c.received.map((p) => `op ${p.op}`).join(', ')}${c.closed ? ' (closed)' : ''}`,
      )
      .join('\n');
  }

  private open(): GatewayConnection[] {
    return this.connections.filter((c) => !c.closed);
  }

  private wake(): void {
    this.waiters.changed();
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const url = new URL(request.url ?? '/', this.url);
    const connection: GatewayConnection = {
      id: this.connections.length + 1,
      at: Date.now(),
      path: url.pathname,
      query: url.searchParams,
      received: [],
      socket,
      session: undefined,
      closed: false,
    };
    this.connections.push(connection);
    socket.on('close', () => {
      connection.closed = true;
      if (connection.session?.connection === connection) connection.session.connection = undefined;
      this.wake();
    });
    socket.on('error', () => undefined);
    if (url.searchParams.get('v') !== '10' || url.searchParams.get('encoding') !== 'json') {
      this.problems.push(
        `connection #${connection.id}: expected ?v=10&encoding=json, got ?${url.searchParams.toString()}`,
      );
      socket.close(Close.InvalidVersion, 'Invalid API version');
      return;
    }
    socket.on('message', (data, isBinary) => this.receive(connection, data, isBinary));
    send(socket, { op: Op.Hello, d: { heartbeat_interval: this.heartbeatIntervalMs } });
    this.wake();
  }

  private receive(connection: GatewayConnection, data: RawData, isBinary: boolean): void {
    let payload: Payload;
    try {
      if (isBinary) throw new Error('binary frame');
      payload = JSON.parse(rawText(data)) as Payload;
    } catch {
      this.problems.push(`connection #${connection.id}: a frame that is not JSON text`);
      connection.socket.close(Close.DecodeError, 'Decode error');
      return;
    }
    connection.received.push(payload);
    const socket = connection.socket;
    switch (payload.op) {
      case Op.Heartbeat:
        send(socket, { op: Op.HeartbeatAck });
        break;
      case Op.Identify:
        this.identify(connection, payload.d);
        break;
      case Op.Resume:
        this.resume(connection, payload.d);
        break;
      default:
        if (connection.session === undefined) {
          this.problems.push(`connection #${connection.id}: op ${payload.op} before IDENTIFY or RESUME`);
          socket.close(Close.NotAuthenticated, 'Not authenticated');
        }
    }
    this.wake();
  }

  private identify(connection: GatewayConnection, d: unknown): void {
    const data = (d ?? {}) as { token?: unknown; intents?: unknown; properties?: unknown; shard?: unknown };
    if (data.token !== this.options.token) {
      this.problems.push(`connection #${connection.id}: IDENTIFY with a wrong token`);
      connection.socket.close(Close.AuthenticationFailed, 'Authentication failed');
      return;
    }
    if (typeof data.intents !== 'number' || typeof data.properties !== 'object' || data.properties === null) {
      this.problems.push(`connection #${connection.id}: IDENTIFY without intents or properties`);
    }
    const session: Session = { id: randomBytes(16).toString('hex'), seq: 0, events: [], connection };
    this.sessions.set(session.id, session);
    this.current = session;
    connection.session = session;
    this.dispatch('READY', {
      v: 10,
      user: {
        id: this.options.applicationId,
        username: 'grundy',
        discriminator: '0',
        global_name: null,
        avatar: null,
        bot: true,
        flags: 0,
      },
      guilds: [],
      session_id: session.id,
      resume_gateway_url: this.resumeUrl,
      shard: [0, 1],
      application: { id: this.options.applicationId, flags: 0 },
    });
  }

  private resume(connection: GatewayConnection, d: unknown): void {
    const data = (d ?? {}) as { token?: unknown; session_id?: unknown; seq?: unknown };
    const session = typeof data.session_id === 'string' ? this.sessions.get(data.session_id) : undefined;
    if (data.token !== this.options.token || session === undefined || typeof data.seq !== 'number') {
      // Discord's answer to a session it cannot resume: INVALID_SESSION, not resumable.
      send(connection.socket, { op: Op.InvalidSession, d: false });
      return;
    }
    session.connection = connection;
    connection.session = session;
    this.current = session;
    for (const event of session.events) {
      if (event.s > data.seq) send(connection.socket, { op: Op.Dispatch, ...event });
    }
    send(connection.socket, { op: Op.Dispatch, s: ++session.seq, t: 'RESUMED', d: null });
  }
}

function send(socket: WebSocket, payload: Payload): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({ s: null, t: null, d: null, ...payload }));
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
