/**
 * Reading a slash-command attachment: only over https from Discord's CDN origins (exact host, default port; a
 * fake Discord on loopback in tests), following redirects only within them, with a size cap checked before and
 * while downloading, as text or as a stream of chunks.
 */
import { InputError, ServiceUnavailableError } from '../../core/errors.js';
import type { AttachmentRef } from '../interaction/request.js';

export interface AttachmentLimits {
  /** Largest file read whole into a text field. */
  readonly textBytes: number;
  /** Largest file streamed to a game's `solveStream`. */
  readonly streamBytes: number;
  /** Origins (scheme, host and port, as `URL.origin` gives them) attachments may be fetched from. */
  readonly origins: readonly string[];
  readonly timeoutMs: number;
}

export const DISCORD_CDN_ORIGINS = ['https://cdn.discordapp.com', 'https://media.discordapp.net'] as const;

/** Redirects followed at most, each to an allowed origin. */
const MAX_REDIRECTS = 3;

/** A file name as it may be shown: no control characters, not too long. */
export function shownFilename(filename: string): string {
  const clean = filename.replace(/[\p{Cc}\p{Cf}"`]/gu, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean;
}

/** A refusal about the attachment itself (where it comes from, its size, its type), not about its content. */
class AttachmentRefused extends InputError {}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function tooBig(file: AttachmentRef, limit: number, field: string): InputError {
  return new AttachmentRefused(
    `file: "${shownFilename(file.filename)}" is ${formatBytes(file.size)}, but at most ${formatBytes(limit)} can be read. ` +
      `Send a smaller file, or type the ${field} instead.`,
    'file',
  );
}

function allowedUrl(address: string, limits: AttachmentLimits, filename: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AttachmentRefused(
      `file: the attachment "${shownFilename(filename)}" has no usable address.`,
      'file',
    );
  }
  if (!limits.origins.includes(url.origin) || url.username !== '' || url.password !== '') {
    throw new AttachmentRefused(
      'file: attachments are only read over https from Discord’s CDN (cdn.discordapp.com, media.discordapp.net); ' +
        'attach the file to the command itself.',
      'file',
    );
  }
  return url;
}

function checkSource(file: AttachmentRef, limits: AttachmentLimits): URL {
  const url = allowedUrl(file.url, limits, file.filename);
  if (/^(image|video|audio)\//.test(file.contentType ?? '')) {
    throw new AttachmentRefused(
      `file: "${shownFilename(file.filename)}" is ${file.contentType ?? 'binary'}; attach a plain text file (.txt).`,
      'file',
    );
  }
  return url;
}

/** GET with redirects followed by hand, each checked against the allowed origins before it is contacted. */
async function fetchAllowed(
  first: URL,
  file: AttachmentRef,
  limits: AttachmentLimits,
  signal: AbortSignal,
): Promise<Response> {
  let url = first;
  for (let hops = 0; ; hops++) {
    const response = await fetch(url, { signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) return response;
    await response.body?.cancel();
    if (hops >= MAX_REDIRECTS) {
      throw new AttachmentRefused(
        `file: Discord redirected "${shownFilename(file.filename)}" too often.`,
        'file',
      );
    }
    url = allowedUrl(new URL(location, url).toString(), limits, file.filename);
  }
}

/**
 * A quoted value, as schemas quote what they got: up to a closing quote followed by what splits a list (space,
 * comma, semicolon) or ends a sentence, which a token read from the file cannot contain.
 */
const QUOTED = /"[^]*?"(?=[\s,;]|\.(?:\s|$)|$)/g;
const GOT = /\s*\(got [^)]*\)/g;

/**
 * An InputError about a file's content, with the content left out: schemas quote what they got, and a file
 * may hold anything (keys, other people's data); the message still says where and what is allowed.
 */
export function withoutFileBytes(error: unknown, file: AttachmentRef): unknown {
  if (!(error instanceof InputError) || error instanceof AttachmentRefused) return error;
  const message = error.message.replace(GOT, '').replace(QUOTED, '(a value not shown)');
  return new InputError(`${message}\n(in the attached file "${shownFilename(file.filename)}")`, error.field, {
    cause: error,
  });
}

/** The attachment's bytes as they arrive; stops with an InputError once more than `limit` bytes came. */
async function* download(
  file: AttachmentRef,
  limits: AttachmentLimits,
  limit: number,
  field: string,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array, void, undefined> {
  if (file.size > limit) throw tooBig(file, limit, field);
  const url = checkSource(file, limits);
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetchAllowed(
      url,
      file,
      limits,
      signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
    );
  } catch (error) {
    if (signal?.aborted === true || error instanceof InputError) throw error;
    throw new ServiceUnavailableError(
      `Could not download "${shownFilename(file.filename)}" from Discord; please try again.`,
      {
        cause: error,
      },
    );
  }
  if (!response.ok || response.body === null) {
    throw new AttachmentRefused(
      `file: Discord did not hand over "${shownFilename(file.filename)}" (HTTP ${response.status}); try again.`,
      'file',
    );
  }
  let received = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    received += chunk.byteLength;
    if (received > limit) throw tooBig({ ...file, size: Math.max(received, file.size) }, limit, field);
    yield chunk;
  }
}

/** The whole attachment as UTF-8 text (for games without `solveStream`, and small files). */
export async function readAttachmentText(
  file: AttachmentRef,
  limits: AttachmentLimits,
  field: string,
  signal?: AbortSignal,
): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  try {
    for await (const chunk of download(file, limits, limits.textBytes, field, signal)) {
      parts.push(decoder.decode(chunk, { stream: true }));
    }
    parts.push(decoder.decode());
  } catch (error) {
    if (error instanceof TypeError && /encoded data/i.test(error.message)) {
      throw new AttachmentRefused(
        `file: "${shownFilename(file.filename)}" is not UTF-8 text; attach a plain text file (.txt).`,
        'file',
      );
    }
    throw error;
  }
  return parts.join('');
}

/** The attachment as a stream, for `solveStream` (constant memory, however big within the cap). */
export function streamAttachment(
  file: AttachmentRef,
  limits: AttachmentLimits,
  field: string,
  signal?: AbortSignal,
): AsyncIterable<Uint8Array> {
  return download(file, limits, limits.streamBytes, field, signal);
}
