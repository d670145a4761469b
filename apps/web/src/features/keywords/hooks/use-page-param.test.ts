import { describe, expect, it } from 'vitest';
import { parsePageParam } from './use-page-param';

describe('parsePageParam', () => {
  it('reads ?page=N, else page 1', () => {
    expect(parsePageParam('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '2.5', 'two', '9999999']) expect(parsePageParam(bad), String(bad)).toBe(1);
  });
});
