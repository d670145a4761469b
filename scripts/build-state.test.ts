import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { isStale } from './build-state.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, secondsAgo: number): string {
  const full = path.join(dir, name);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, name);
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, time, time);
  return full;
}

describe('npm start rebuilds what is missing or out of date', () => {
  it('builds when there is no output, and not when the output is newer than folders and files alike', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'build-state-'));
    const sources = [path.join(dir, 'src'), file('index.html', 100)];
    file('src/main.ts', 100);
    expect(isStale(path.join(dir, 'dist/index.html'), sources)).toBe(true);
    const output = file('dist/index.html', 50);
    expect(isStale(output, sources)).toBe(false);
  });

  it('rebuilds after a source file or a source folder changes', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'build-state-'));
    const output = file('dist/index.html', 50);
    const page = file('index.html', 100);
    file('src/deep/main.ts', 100);
    expect(isStale(output, [path.join(dir, 'src'), page])).toBe(false);
    file('index.html', 10);
    expect(isStale(output, [path.join(dir, 'src'), page])).toBe(true);
    file('index.html', 100);
    file('src/deep/main.ts', 10);
    expect(isStale(output, [path.join(dir, 'src'), page])).toBe(true);
  });
});
