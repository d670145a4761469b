import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it("reads the server's quoted name", () => {
    expect(fileNameFromDisposition('attachment; filename="Cafe_Bakery_keywords_2026-01-02.csv"')).toBe(
      'Cafe_Bakery_keywords_2026-01-02.csv',
    );
  });

  it('prefers filename* and reads unquoted and escaped names', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''Caf%C3%A9.csv`)).toBe('Café.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it('keeps only the last path segment, and has nothing for no name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
