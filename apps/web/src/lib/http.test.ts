import { describe, expect, it } from 'vitest';
import { toQueryString } from './http';

describe('toQueryString', () => {
  it('skips missing values and encodes the rest', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ refresh: undefined })).toBe('');
    expect(toQueryString({ page: 2, q: 'a&b', refresh: true, none: null })).toBe('?page=2&q=a%26b&refresh=true');
  });
});
