import { constants, messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { checkKeywordPlannerFiles, formatFileSize } from './keyword-planner-file';

const file = (size = 1000) => ({ size }) as File;

describe('checkKeywordPlannerFiles', () => {
  it('takes one file', () => {
    expect(checkKeywordPlannerFiles([file()], [])).toBeNull();
  });

  it('refuses more than one file, whatever they are', () => {
    expect(checkKeywordPlannerFiles([file(), file()], [])).toBe(messages.keywordPlannerOneFile);
    expect(checkKeywordPlannerFiles([file()], [{ errors: [{ code: 'file-invalid-type' }] }])).toBe(
      messages.keywordPlannerOneFile,
    );
    expect(checkKeywordPlannerFiles([], [{ errors: [{ code: 'too-many-files' }] }])).toBe(
      messages.keywordPlannerOneFile,
    );
  });

  it('says why a single file is refused: too large, or not a .csv or .tsv', () => {
    expect(checkKeywordPlannerFiles([], [{ errors: [{ code: 'file-too-large' }] }])).toBe(
      messages.keywordPlannerTooLarge,
    );
    expect(checkKeywordPlannerFiles([file(constants.keywordPlannerImport.maxBytes + 1)], [])).toBe(
      messages.keywordPlannerTooLarge,
    );
    expect(checkKeywordPlannerFiles([], [{ errors: [{ code: 'file-invalid-type' }] }])).toBe(
      messages.keywordPlannerFileRequired,
    );
    expect(checkKeywordPlannerFiles([], [])).toBe(messages.keywordPlannerFileRequired);
  });
});

describe('formatFileSize', () => {
  it('writes KB below a megabyte and MB above', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(1.45 * 1024 * 1024)).toBe('1.4 MB');
  });
});
