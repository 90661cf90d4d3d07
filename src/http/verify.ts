/**
 * Discord's request signatures: Ed25519 over `timestamp + raw body`, hex in X-Signature-Ed25519, the Unix time
 * in seconds in X-Signature-Timestamp, checked with the application's public key (DISCORD_PUBLIC_KEY).
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { InputError } from '../core/errors.js';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** DER prefix of an Ed25519 PKCS#8 private key; the raw 32-byte seed follows it. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Requests signed more than this far from now (either way) are refused: replays of old requests. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new InputError(
      'DISCORD_PUBLIC_KEY must be the 64 hex characters shown as "Public Key" on the application’s General Information page.',
      'DISCORD_PUBLIC_KEY',
    );
  }
  return createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

export function publicKeyToHex(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length).toString('hex');
}

export function privateKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new InputError('An Ed25519 private key is 64 hex characters.');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
}

export function privateKeyToHex(key: KeyObject): string {
  return key.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length).toString('hex');
}

export type SignatureCheck = 'ok' | 'missing' | 'bad-signature' | 'stale';

export function checkSignature(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
  nowMs: number,
): SignatureCheck {
  if (signatureHex === undefined || timestamp === undefined || signatureHex === '' || timestamp === '')
    return 'missing';
  if (!/^[0-9a-fA-F]{128}$/.test(signatureHex) || !/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const message = Buffer.concat([Buffer.from(timestamp, 'utf8'), body]);
  if (!verify(null, message, key, Buffer.from(signatureHex, 'hex'))) return 'bad-signature';
  // Checked after the signature, so an unsigned timestamp cannot probe the clock.
  if (Math.abs(nowMs - Number(timestamp) * 1000) > SIGNATURE_TOLERANCE_MS) return 'stale';
  return 'ok';
}

/** The headers Discord would send with `body` (for tests and the local sandbox). */
export function signRequest(
  privateKey: KeyObject,
  body: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): { 'x-signature-ed25519': string; 'x-signature-timestamp': string } {
  const timestamp = String(timestampSeconds);
  const signature = sign(null, Buffer.from(timestamp + body, 'utf8'), privateKey).toString('hex');
  return { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
}
