/**
 * Reading a slash-command attachment: only from Discord's CDN (or the configured API host, for fakes), with a
 * size cap checked before and while downloading, as text or as a stream of chunks.
 */
import { InputError, ServiceUnavailableError } from '../../core/errors.js';
import type { AttachmentRef } from '../interaction/request.js';

export interface AttachmentLimits {
  /** Largest file read whole into a text field. */
  readonly textBytes: number;
  /** Largest file streamed to a game's `solveStream`. */
  readonly streamBytes: number;
  /** Hosts attachments may be fetched from. */
  readonly hosts: readonly string[];
  readonly timeoutMs: number;
}

export const DISCORD_CDN_HOSTS = ['cdn.discordapp.com', 'media.discordapp.net'] as const;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function tooBig(file: AttachmentRef, limit: number, field: string): InputError {
  return new InputError(
    `file: "${file.filename}" is ${formatBytes(file.size)}, but at most ${formatBytes(limit)} can be read. ` +
      `Send a smaller file, or type the ${field} instead.`,
    'file',
  );
}

function checkSource(file: AttachmentRef, limits: AttachmentLimits): URL {
  let url: URL;
  try {
    url = new URL(file.url);
  } catch {
    throw new InputError(`file: the attachment "${file.filename}" has no usable address.`, 'file');
  }
  if (!limits.hosts.includes(url.hostname) || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InputError(
      `file: attachments are only read from Discord (got one from ${url.hostname}).`,
      'file',
    );
  }
  if (/^(image|video|audio)\//.test(file.contentType ?? '')) {
    throw new InputError(
      `file: "${file.filename}" is ${file.contentType ?? 'binary'}; attach a plain text file (.txt).`,
      'file',
    );
  }
  return url;
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
    response = await fetch(url, {
      signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    if (signal?.aborted === true) throw error;
    throw new ServiceUnavailableError(
      `Could not download "${file.filename}" from Discord; please try again.`,
      {
        cause: error,
      },
    );
  }
  if (!response.ok || response.body === null) {
    throw new InputError(
      `file: Discord did not hand over "${file.filename}" (HTTP ${response.status}); try again.`,
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
      throw new InputError(
        `file: "${file.filename}" is not UTF-8 text; attach a plain text file (.txt).`,
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
