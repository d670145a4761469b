import { describe, expect, it } from 'vitest';
import { clearGenerationJob, generationJobStorageKey, readGenerationJob, writeGenerationJob } from './job-storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const job = { projectId: 12, runId: 34, projectName: 'Summit Trail' };

describe('generation job storage', () => {
  it('writes exactly { projectId, runId, projectName } and reads it back', () => {
    const storage = memoryStorage();
    writeGenerationJob({ ...job, extra: true } as typeof job, storage);
    expect(JSON.parse(storage.items.get(generationJobStorageKey)!)).toEqual(job);
    expect(readGenerationJob(storage)).toEqual(job);
    clearGenerationJob(storage);
    expect(readGenerationJob(storage)).toBeNull();
  });

  it.each([
    ['nothing', undefined],
    ['empty text', ''],
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['a number', '42'],
    ['an array', '[12, 34]'],
    ['no runId', '{"projectId":12}'],
    ['ids as text', '{"projectId":"12","runId":"34"}'],
    ['a fraction', '{"projectId":1.5,"runId":3}'],
    ['zero', '{"projectId":0,"runId":3}'],
    ['negative', '{"projectId":-1,"runId":3}'],
    ['too large', '{"projectId":1e300,"runId":3}'],
  ])('reads %s as no job', (_name, text) => {
    const storage = memoryStorage(text === undefined ? {} : { [generationJobStorageKey]: text });
    expect(readGenerationJob(storage)).toBeNull();
  });

  it('reads a job without a usable name with an empty one', () => {
    const storage = memoryStorage({ [generationJobStorageKey]: '{"projectId":1,"runId":2,"projectName":5}' });
    expect(readGenerationJob(storage)).toEqual({ projectId: 1, runId: 2, projectName: '' });
  });

  it('survives a storage that throws (disabled or full)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readGenerationJob(broken)).toBeNull();
    expect(() => writeGenerationJob(job, broken)).not.toThrow();
    expect(() => clearGenerationJob(broken)).not.toThrow();
    expect(readGenerationJob(null)).toBeNull();
  });
});
