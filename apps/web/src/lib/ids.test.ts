import { describe, expect, it } from 'vitest';
import { parseId } from './ids';

describe('parseId', () => {
  it('reads positive integers only', () => {
    expect(parseId('5')).toBe(5);
    expect(parseId('123456789012345')).toBe(123456789012345);
    for (const bad of [null, undefined, '', '0', '-1', '1.5', '05', 'abc', '1e3', ' 5', '1234567890123456']) {
      expect(parseId(bad), String(bad)).toBeNull();
    }
  });
});
