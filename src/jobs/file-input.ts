/**
 * A large input (an attachment streamed to a game's `solveStream`) travels by reference, never inside a job:
 * - the asker writes the bytes to a temporary file (under the OS temp directory) while hashing them, so the
 *   cache key is the game, its solver version and the hash of the bytes (a repeated file is a cache hit);
 * - solved here, a solver thread streams that file; queued (REDIS_URL), the asker copies the file into a Redis
 *   key `<prefix>:input:<hash>:<uuid>` (at most FILE_INPUT_REDIS_MAX_BYTES, expiring after JOB_WAIT_MS) and the
 *   job names the key; the worker copies it to its own temporary file and streams that.
 * Files above FILE_INPUT_REDIS_MAX_BYTES are solved in the asker's solver threads (still under the job time
 * limit, cancel and metrics). Each side deletes its temporary file, and the asker the Redis key, after the solve.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { RedisClient } from './connection.js';

/** Largest input carried in Redis for a worker (Redis strings can hold 512 MiB; this keeps memory modest). */
export const FILE_INPUT_REDIS_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes per Redis APPEND / GETRANGE, so neither side holds the whole file. */
const CHUNK_BYTES = 1024 * 1024;

/** Hashed before the bytes, so a file's hash never equals a params hash. */
const HASH_DOMAIN = 'grundy-file-input\0';

export interface StagedFile {
  readonly path: string;
  readonly bytes: number;
  /** sha1 (40 hex digits) of the bytes. */
  readonly hash: string;
  /** Deletes the temporary file; idempotent. */
  remove(): Promise<void>;
}

async function tempPath(): Promise<{ dir: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'grundy-input-'));
  return { dir, path: join(dir, 'input') };
}

/** Writes `chunks` to a new temporary file, hashing them; the file is removed if reading them fails. */
export async function stageFile(chunks: AsyncIterable<Uint8Array>): Promise<StagedFile> {
  const { dir, path } = await tempPath();
  const remove = (): Promise<void> => rm(dir, { recursive: true, force: true });
  const hash = createHash('sha1').update(HASH_DOMAIN);
  let bytes = 0;
  const out = createWriteStream(path);
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    }
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    await remove();
    throw error;
  }
  return { path, bytes, hash: hash.digest('hex'), remove };
}

/** The key a staged file is uploaded under (unique per upload, so one asker never deletes another's). */
export function inputKey(prefix: string, hash: string): string {
  return `${prefix}:input:${hash}:${randomUUID()}`;
}

/** Copies a staged file into `key` chunk by chunk, expiring after `ttlMs`. */
export async function uploadFile(
  client: RedisClient,
  key: string,
  staged: StagedFile,
  ttlMs: number,
): Promise<void> {
  await client.set(key, '', 'PX', ttlMs);
  for await (const chunk of createReadStream(staged.path, { highWaterMark: CHUNK_BYTES })) {
    await client.append(key, chunk as Buffer);
  }
  await client.pexpire(key, ttlMs);
}

/** Copies `key` (of `bytes` bytes) into a new temporary file; undefined when the key is gone or has changed. */
export async function downloadFile(
  client: RedisClient,
  key: string,
  bytes: number,
): Promise<StagedFile | undefined> {
  const length = await client.strlen(key);
  if (length !== bytes || (bytes === 0 && (await client.exists(key)) === 0)) return undefined;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let start = 0; start < bytes; start += CHUNK_BYTES) {
      yield await client.getrangeBuffer(key, start, Math.min(bytes, start + CHUNK_BYTES) - 1);
    }
  }
  return { ...(await stageFile(chunks())), bytes };
}
