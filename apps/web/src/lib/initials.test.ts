import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first and last name, else the e-mail', () => {
    expect(initialsOf('Ada King Lovelace', 'ada@example.com')).toBe('AL');
    expect(initialsOf('  ada  ', 'x@example.com')).toBe('AD');
    expect(initialsOf('', 'mate@example.com')).toBe('MA');
    expect(initialsOf('', '@example.com')).toBe('?');
  });
});
