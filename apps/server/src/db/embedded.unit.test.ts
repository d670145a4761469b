import { describe, expect, it } from 'vitest';
import { firstClosedDirectory } from './embedded';

describe('firstClosedDirectory', () => {
  it('finds the first directory from the root down that cannot be entered', () => {
    const closed = new Set(['/tmp/tmp.abc', '/tmp/tmp.abc/data']);
    const canEnter = (directory: string) => !closed.has(directory);
    expect(firstClosedDirectory('/tmp/tmp.abc/data/postgres', canEnter)).toBe('/tmp/tmp.abc');
    expect(firstClosedDirectory('/srv/keywright/postgres', canEnter)).toBeUndefined();
    expect(firstClosedDirectory('/', () => false)).toBe('/');
  });
});
