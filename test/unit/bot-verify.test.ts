/** Ed25519 request signatures as Discord sends them: timestamp + raw body, hex signature, 5-minute window. */
import { describe, expect, test } from 'vitest';
import {
  checkSignature,
  privateKeyFromHex,
  privateKeyToHex,
  publicKeyFromHex,
  signRequest,
} from '../../src/http/verify.js';
import { testKeys } from '../support/interactions.js';

describe('checkSignature', () => {
  const keys = testKeys();
  const publicKey = publicKeyFromHex(keys.publicKeyHex);
  const body = '{"type":1}';
  const now = 1_700_000_000_000;
  const headers = signRequest(keys.privateKey, body, now / 1000);

  test('accepts what the key signed, within five minutes either way', () => {
    const at = (ms: number) =>
      checkSignature(
        publicKey,
        headers['x-signature-ed25519'],
        headers['x-signature-timestamp'],
        Buffer.from(body),
        ms,
      );
    expect(at(now)).toBe('ok');
    expect(at(now + 299_000)).toBe('ok');
    expect(at(now - 299_000)).toBe('ok');
    expect(at(now + 301_000)).toBe('stale');
    expect(at(now - 301_000)).toBe('stale');
  });

  test('refuses missing, malformed, tampered and foreign signatures', () => {
    const sig = headers['x-signature-ed25519'];
    const ts = headers['x-signature-timestamp'];
    expect(checkSignature(publicKey, undefined, ts, Buffer.from(body), now)).toBe('missing');
    expect(checkSignature(publicKey, sig, undefined, Buffer.from(body), now)).toBe('missing');
    expect(checkSignature(publicKey, 'not hex', ts, Buffer.from(body), now)).toBe('bad-signature');
    expect(checkSignature(publicKey, sig, ts, Buffer.from('{"type":2}'), now)).toBe('bad-signature');
    expect(checkSignature(publicKey, sig, String(Number(ts) + 1), Buffer.from(body), now)).toBe(
      'bad-signature',
    );
    const other = publicKeyFromHex(testKeys().publicKeyHex);
    expect(checkSignature(other, sig, ts, Buffer.from(body), now)).toBe('bad-signature');
  });

  test('keys round-trip through the 64-hex-character form the Developer Portal shows', () => {
    expect(() => publicKeyFromHex('abc')).toThrow(/64 hex characters/);
    const hex = privateKeyToHex(keys.privateKey);
    const again = signRequest(privateKeyFromHex(hex), body, now / 1000);
    expect(again).toEqual(headers);
  });
});
