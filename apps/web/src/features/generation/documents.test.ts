import { constants, emptyProjectDetails, messages, type ProjectDetails } from '@keywright/contract';
import { describe, expect, test } from 'vitest';
import {
  checkDocumentFiles,
  driveFileKind,
  chosenProjectPlaces,
  fillFromDocuments,
  isPlaceField,
  mapLimited,
  readSummary,
  documentTypesText,
} from './documents';
import { defaultGeneratorValues, type GeneratorFormValues } from './generator-form';

const noDetails: ProjectDetails = emptyProjectDetails;
const file = (name: string, size = 100) => ({ name, size });

describe('checkDocumentFiles', () => {
  test('takes the six document types by extension, any case, in the order picked', () => {
    const files = ['a.docx', 'b.TXT', 'c.pdf', 'd.ppt', 'e.pptx', 'f.Md'].map((name) => file(name));
    const check = checkDocumentFiles(files);
    expect(check).toEqual({ tooMany: false, accepted: files, refused: [] });
  });

  test('refuses other types, files over 20 MB and empty files by name, and keeps the rest', () => {
    const check = checkDocumentFiles([
      file('photo.png'),
      file('brief.docx'),
      file('huge.pdf', constants.maxDocumentBytes + 1),
      file('exact.pdf', constants.maxDocumentBytes),
      file('blank.txt', 0),
      file('docx'),
    ]);
    expect(check.tooMany).toBe(false);
    if (check.tooMany) return;
    expect(check.accepted.map((accepted) => accepted.name)).toEqual(['brief.docx', 'exact.pdf']);
    expect(check.refused).toEqual([
      {
        name: 'photo.png',
        read: false,
        problem: 'unsupported_type',
        message: messages.unsupportedDocumentType('photo.png'),
      },
      { name: 'huge.pdf', read: false, problem: 'too_large', message: messages.documentTooLarge('huge.pdf') },
      { name: 'blank.txt', read: false, problem: 'empty', message: messages.documentEmpty('blank.txt') },
      { name: 'docx', read: false, problem: 'unsupported_type', message: messages.unsupportedDocumentType('docx') },
    ]);
  });

  test('ten files are fine, eleven are too many (whatever their types)', () => {
    const names = Array.from({ length: 11 }, (_, index) => file(`f${index}.md`));
    expect(checkDocumentFiles(names.slice(0, 10)).tooMany).toBe(false);
    expect(checkDocumentFiles(names)).toEqual({ tooMany: true });
    expect(checkDocumentFiles([...names.slice(0, 10), file('x.png')])).toEqual({ tooMany: true });
  });

  test('the types text names all six', () => {
    expect(documentTypesText).toBe('.docx, .txt, .pdf, .ppt, .pptx or .md');
  });
});

describe('fillFromDocuments', () => {
  const typed: GeneratorFormValues = {
    ...defaultGeneratorValues,
    projectName: 'My shop',
    productService: 'Shoes',
    competitors: 'Hoka, salomon',
  };

  test('fills empty fields and reports them in form order', () => {
    const empty: GeneratorFormValues = { ...defaultGeneratorValues, country: '', city: ' ', language: '' };
    const outcome = fillFromDocuments(empty, {
      ...noDetails,
      projectName: ' Summit Trail ',
      siteUrl: 'https://summit.example',
      productService: 'Trail shoes',
      competitors: 'Hoka',
      country: 'Germany',
      city: 'Berlin',
      language: 'German',
    });
    expect(outcome.values).toEqual({
      ...empty,
      projectName: 'Summit Trail',
      siteUrl: 'https://summit.example',
      productService: 'Trail shoes',
      competitors: 'Hoka',
      country: 'Germany',
      city: 'Berlin',
      language: 'German',
    });
    expect(outcome.filled).toEqual([
      'Project Name',
      'Site URL',
      'Product/Service Description',
      'Competitors',
      'Country',
      'City',
      'Language',
    ]);
    expect(outcome.kept).toEqual([]);
  });

  test('never overwrites a chosen country, city or language, and says what the documents found', () => {
    const chosen = new Set(['country', 'city', 'language'] as const);
    const outcome = fillFromDocuments(
      defaultGeneratorValues,
      { ...noDetails, country: 'Germany', city: 'california', language: 'German' },
      chosen,
    );
    expect(outcome.values).toEqual(defaultGeneratorValues);
    expect(outcome.filled).toEqual([]);
    expect(outcome.kept).toEqual([
      { label: 'Country', value: 'United States', found: 'Germany' },
      { label: 'Language', value: 'English', found: 'German' },
    ]);
  });

  test("replaces the form's untouched defaults, and clears the default city a new country leaves behind", () => {
    const outcome = fillFromDocuments(
      defaultGeneratorValues,
      { ...noDetails, country: 'Germany', language: 'German' },
      new Set(),
    );
    expect(outcome.values).toMatchObject({ country: 'Germany', city: '', language: 'German' });
    expect(outcome.filled).toEqual(['Country', 'City', 'Language']);
    expect(outcome.kept).toEqual([]);
  });

  test('a chosen place stays while the untouched ones follow the documents', () => {
    const outcome = fillFromDocuments(
      { ...defaultGeneratorValues, country: 'Canada' },
      { ...noDetails, country: 'Germany', city: 'Leipzig', language: 'German' },
      new Set(['country'] as const),
    );
    expect(outcome.values).toMatchObject({ country: 'Canada', city: 'Leipzig', language: 'German' });
    expect(outcome.kept).toEqual([{ label: 'Country', value: 'Canada', found: 'Germany' }]);
  });

  test("a project's own places count as chosen, its empty ones do not", () => {
    expect(chosenProjectPlaces({ country: 'Germany', city: ' ', language: 'German' })).toEqual(['country', 'language']);
    expect(isPlaceField('city')).toBe(true);
    expect(isPlaceField('projectName')).toBe(false);
  });

  test('name and description take what was found, but an empty finding keeps what was typed', () => {
    const found = fillFromDocuments(typed, { ...noDetails, projectName: 'Summit Trail' });
    expect(found.values.projectName).toBe('Summit Trail');
    expect(found.values.productService).toBe('Shoes');
    expect(found.filled).toEqual(['Project Name']);

    const nothing = fillFromDocuments(typed, { ...noDetails, projectName: '  ' });
    expect(nothing.values).toEqual(typed);
    expect(nothing.filled).toEqual([]);
  });

  test('competitors: typed and found, each once (case aside)', () => {
    const outcome = fillFromDocuments(typed, { ...noDetails, competitors: 'Salomon, Altra,hoka' });
    expect(outcome.values.competitors).toBe('Hoka, salomon, Altra');
    expect(outcome.filled).toEqual(['Competitors']);
    expect(fillFromDocuments(typed, { ...noDetails, competitors: 'HOKA' }).filled).toEqual([]);
  });

  test('keyword count and length never change', () => {
    const values: GeneratorFormValues = { ...typed, keywordCount: '25', keywordLength: '3+' };
    const outcome = fillFromDocuments(values, { ...noDetails, projectName: 'X', productService: 'Y' });
    expect(outcome.values.keywordCount).toBe('25');
    expect(outcome.values.keywordLength).toBe('3+');
  });
});

describe('readSummary', () => {
  const result = (read: boolean) => ({ name: 'x', read, problem: null, message: null });
  test('counts the read files', () => {
    expect(readSummary([result(true)])).toBe('1 file read');
    expect(readSummary([result(false)])).toBe('The file could not be read');
    expect(readSummary([result(true), result(true)])).toBe('All 2 files read');
    expect(readSummary([result(true), result(false), result(false)])).toBe('1 of 3 files read');
  });
});

describe('driveFileKind', () => {
  test('by MIME type, Google Docs and Slides included, else by extension', () => {
    expect(driveFileKind('application/vnd.google-apps.document')).toBe('document');
    expect(driveFileKind('application/vnd.google-apps.presentation')).toBe('presentation');
    expect(driveFileKind('application/vnd.ms-powerpoint')).toBe('presentation');
    expect(driveFileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('document');
    expect(driveFileKind('application/pdf')).toBe('pdf');
    expect(driveFileKind('text/markdown')).toBe('text');
    expect(driveFileKind('application/octet-stream', 'deck.PPTX')).toBe('presentation');
  });
});

describe('mapLimited', () => {
  test('runs at most `limit` at a time, keeps the order and the failures, counts progress', async () => {
    let running = 0;
    let most = 0;
    const progress: number[] = [];
    const outcomes = await mapLimited(
      [1, 2, 3, 4, 5],
      2,
      async (value) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, (6 - value) * 2));
        running -= 1;
        if (value === 3) throw new Error('three');
        return value * 10;
      },
      (done) => progress.push(done),
    );
    expect(most).toBe(2);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      10,
      20,
      'failed',
      40,
      50,
    ]);
  });
});
