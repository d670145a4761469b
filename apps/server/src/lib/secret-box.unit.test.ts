import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const secret = 'test-secret-test-secret-test-secret-0123';

describe('secret box', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const box = createSecretBox(secret, 'drive-tokens');
    const first = box.seal('ya29.token');
    const second = box.seal('ya29.token');
    expect(box.open(first)).toBe('ya29.token');
    expect(first.subarray(0, 12).equals(second.subarray(0, 12))).toBe(false);
    expect(first.equals(second)).toBe(false);
    expect(first.toString('utf8')).not.toContain('ya29');
    expect(first.length).toBe(12 + 16 + 'ya29.token'.length);
  });

  it('refuses a changed value, another purpose and another secret', () => {
    const sealed = createSecretBox(secret, 'drive-tokens').seal('refresh-1');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => createSecretBox(secret, 'drive-tokens').open(tampered)).toThrow();
    expect(() => createSecretBox(secret, 'other').open(sealed)).toThrow();
    expect(() => createSecretBox(`${secret}x`, 'drive-tokens').open(sealed)).toThrow();
    expect(() => createSecretBox(secret, 'drive-tokens').open(sealed.subarray(0, 20))).toThrow();
  });
});
