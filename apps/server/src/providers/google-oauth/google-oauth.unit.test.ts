import { describe, expect, it } from 'vitest';
import { idTokenEmail } from './google-oauth';
import { createStateSigner, oauthStateLifetimeMs } from './oauth-state';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the e-mail of an ID token', () => {
  it('is read from the payload Google’s token endpoint answered', () => {
    expect(idTokenEmail(`${part({ alg: 'RS256' })}.${part({ email: 'ana@example.com' })}.sig`)).toBe('ana@example.com');
  });

  it('is null without a token, an e-mail, or a readable payload', () => {
    expect(idTokenEmail(undefined)).toBeNull();
    expect(idTokenEmail(`${part({ alg: 'RS256' })}.${part({ sub: '1' })}.sig`)).toBeNull();
    expect(idTokenEmail('not-a-token')).toBeNull();
    expect(idTokenEmail('a.%%%.c')).toBeNull();
    expect(idTokenEmail(`a.${part({ email: 42 })}.c`)).toBeNull();
  });
});

describe('a consent state', () => {
  const now = Date.UTC(2026, 10, 27);
  const signer = createStateSigner('a-secret-a-secret-a-secret-a-secret-0000', 'search-console-oauth-state');

  it('carries its payload for the person it was made for, until it expires', () => {
    const state = signer.create('user-1', now, '42');
    expect(signer.verify('user-1', state, now + 1_000)).toMatchObject({ payload: '42' });
    expect(signer.verify('user-2', state, now + 1_000)).toBeNull();
    expect(signer.verify('user-1', state, now + oauthStateLifetimeMs)).toBeNull();
    expect(signer.verify('user-1', signer.create('user-1', now), now)).toMatchObject({ payload: '' });
  });

  it('is refused with a changed payload, or under another purpose or secret', () => {
    const state = signer.create('user-1', now, '42');
    expect(signer.verify('user-1', state.replace('.42.', '.43.'), now)).toBeNull();
    const drive = createStateSigner('a-secret-a-secret-a-secret-a-secret-0000', 'google-drive-oauth-state');
    expect(drive.verify('user-1', state, now)).toBeNull();
    const other = createStateSigner('another-secret-another-secret-000000000', 'search-console-oauth-state');
    expect(other.verify('user-1', state, now)).toBeNull();
  });
});
