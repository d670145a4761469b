import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a started consent may take before its state is refused. */
export const oauthStateLifetimeMs = 10 * 60_000;

/** What the used-state record keeps of a nonce: its hash, never the nonce. */
export const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

export interface VerifiedState {
  nonce: string;
  expiresAt: number;
  /** What the state carries besides (Search Console: the project to return to), as signed. */
  payload: string;
}

/**
 * The OAuth `state`: nonce.expiry[.payload].HMAC(user id, nonce, expiry, payload), under a key of
 * its own `purpose` so a state of one integration never serves another. Starting a consent writes
 * nothing; the callback checks it against the signed-in person and records the nonce as used
 * (single use). `payload` is at most a short run of [A-Za-z0-9_-].
 */
export function createStateSigner(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'keywright', `keywright:${purpose}`, 32));
  const sign = (userId: string, nonce: string, expiresAt: number, payload: string) =>
    createHmac('sha256', key)
      .update(`${userId}\n${nonce}\n${expiresAt}${payload ? `\n${payload}` : ''}`)
      .digest();
  return {
    create(userId: string, now: number, payload = ''): string {
      if (!/^[A-Za-z0-9_-]{0,40}$/.test(payload)) throw new Error('A state payload is a short run of [A-Za-z0-9_-]');
      const nonce = randomBytes(24).toString('base64url');
      const expiresAt = now + oauthStateLifetimeMs;
      const signature = sign(userId, nonce, expiresAt, payload).toString('base64url');
      return [nonce, expiresAt, ...(payload ? [payload] : []), signature].join('.');
    },
    /** The nonce, expiry and payload of a state this person started and that has not expired; else null. */
    verify(userId: string, state: string, now: number): VerifiedState | null {
      const match = /^([A-Za-z0-9_-]{32})\.(\d{13})(?:\.([A-Za-z0-9_-]{1,40}))?\.([A-Za-z0-9_-]{43})$/.exec(state);
      if (!match) return null;
      const [, nonce, expiry, payload = '', signature] = match as unknown as [string, string, string, string, string];
      const expiresAt = Number(expiry);
      const expected = sign(userId, nonce, expiresAt, payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return expiresAt > now ? { nonce, expiresAt, payload } : null;
    },
  };
}
