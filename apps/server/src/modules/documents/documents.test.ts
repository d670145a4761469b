import { readFileSync, readdirSync } from 'node:fs';
import {
  analyzeDocumentAnswerSchema,
  emptyProjectDetails,
  messages,
  type AnalyzeDocumentAnswer,
} from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { dataChecksums, errorBody, request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { multipart, type MultipartFile } from '../../../test/support/multipart';
import type { DetailsExtractor, DocumentText } from '../../providers/details-extractor/details-extractor';
import { sharedFixtures } from '../../../test/support/shared-fixtures';

const FIXTURES = sharedFixtures('documents/');
const fixture = (name: string) => readFileSync(FIXTURES + name);

/** Records what the endpoint hands the details extractor; names the project after the first line. */
const handed: DocumentText[][] = [];
const detailsExtractor: DetailsExtractor = {
  name: 'offline',
  async extract(documents) {
    handed.push([...documents]);
    const details = { ...emptyProjectDetails };
    details.projectName = documents[0]?.text.split('\n')[0] ?? '';
    return details;
  },
};

const ctx = useTestContext({ app: { providers: { detailsExtractor } } });
let person: TestUser;
beforeAll(async () => {
  person = await buildUser(ctx);
});

function upload(files: MultipartFile[], as: TestUser | null = person, fields?: Record<string, string>) {
  const body = multipart(files, fields);
  return request(ctx, as, { method: 'POST', url: '/api/analyze-document', ...body });
}

async function expectHealthy() {
  const health = await request(ctx, null, { method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

describe('POST /api/analyze-document', () => {
  it('reads every real fixture: text and details, or a clear reason; never a 5xx, nothing stored', async () => {
    const before = await dataChecksums(ctx);
    for (const name of readdirSync(FIXTURES)) {
      const response = await upload([{ name, bytes: fixture(name) }]);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const answer = analyzeDocumentAnswerSchema.parse(response.json());
      expect(answer.files).toHaveLength(1);
      const [file] = answer.files;
      expect(file!.name).toBe(name);
      if (file!.read) {
        expect(file!.message).toBeNull();
        expect(handed.at(-1)!.map((document) => document.name)).toEqual([name]);
        expect(handed.at(-1)![0]!.text.length).toBeGreaterThan(10);
        expect(answer.projectDetails.projectName).toBe(handed.at(-1)![0]!.text.split('\n')[0]);
      } else {
        expect(file!.message).toContain(name);
        expect(Object.values(answer.projectDetails).every((value) => value === '')).toBe(true);
      }
      await expectHealthy();
    }
    expect(await dataChecksums(ctx)).toEqual(before);
  });

  it('analyses several files at once, each with its outcome, details from the readable ones', async () => {
    const response = await upload([
      { name: 'labkey.docx', bytes: fixture('labkey-itn-rnaseq-case-study.docx') },
      { name: 'locked.pptx', bytes: fixture('encrypted-password-is-tika.pptx') },
      { name: 'scan.pdf', bytes: fixture('scanned-image-only-no-text-layer.pdf') },
      { name: 'notes.rtf', bytes: 'rich text' },
      { name: 'empty.txt', bytes: '' },
    ]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<AnalyzeDocumentAnswer>();
    expect(answer.files).toEqual([
      { name: 'labkey.docx', read: true, problem: null, message: null },
      {
        name: 'locked.pptx',
        read: false,
        problem: 'password_protected',
        message: messages.documentPasswordProtected('locked.pptx'),
      },
      { name: 'scan.pdf', read: false, problem: 'no_text', message: messages.documentHasNoText('scan.pdf') },
      {
        name: 'notes.rtf',
        read: false,
        problem: 'unsupported_type',
        message: messages.unsupportedDocumentType('notes.rtf'),
      },
      { name: 'empty.txt', read: false, problem: 'empty', message: messages.documentEmpty('empty.txt') },
    ]);
    expect(handed.at(-1)!.map((document) => document.name)).toEqual(['labkey.docx']);
    expect(answer.projectDetails.projectName).toBe(
      'Next Generation Clinical Trial Transparency: Providing Management and Analysis of RNA Sequencing Data',
    );
  });

  it('answers 200 with every reason and empty details when no file is readable', async () => {
    const response = await upload([
      { name: 'a.docx', bytes: fixture('truncated-corrupt.docx') },
      { name: 'b.pdf', bytes: fixture('encrypted-password-4-spaces.pdf') },
    ]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<AnalyzeDocumentAnswer>();
    expect(answer.files.map((file) => file.problem)).toEqual(['unreadable', 'password_protected']);
    expect(Object.values(answer.projectDetails).every((value) => value === '')).toBe(true);
  });

  it('says which file is over 20 MB and still reads the others', async () => {
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x61);
    const response = await upload([
      { name: 'huge.txt', bytes: big },
      { name: 'readme.txt', bytes: fixture('apache-httpd-server-readme.txt') },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalyzeDocumentAnswer>().files).toEqual([
      { name: 'huge.txt', read: false, problem: 'too_large', message: messages.documentTooLarge('huge.txt') },
      { name: 'readme.txt', read: true, problem: null, message: null },
    ]);
    await expectHealthy();
  });

  it('refuses an 11th file', async () => {
    const files = Array.from({ length: 11 }, (_, index) => ({ name: `note-${index}.txt`, bytes: 'Green Leaf Cafe' }));
    const response = await upload(files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('validation_error', messages.tooManyFiles));
    expect((await upload(files.slice(0, 10))).statusCode).toBe(200);
  });

  it('refuses an upload with no supported file, and one with no file', async () => {
    const unsupported = await upload([
      { name: 'photo.png', bytes: 'png' },
      { name: 'sheet.xlsx', bytes: 'xlsx' },
    ]);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toEqual(errorBody('validation_error', messages.unsupportedDocumentType('photo.png')));
    const none = await upload([], person, { note: 'no files here' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(errorBody('validation_error', messages.noDocuments));
  });

  it('ignores other fields and files in other fields', async () => {
    const response = await upload(
      [
        { field: 'other', name: 'ignored.txt', bytes: 'Ignored' },
        { name: 'brief.md', bytes: '# Green Leaf Cafe\n\nOrganic coffee in Leeds.' },
      ],
      person,
      { projectId: '7' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalyzeDocumentAnswer>().files.map((file) => file.name)).toEqual(['brief.md']);
  });

  it('keeps only the base name of a file and drops control characters from it', async () => {
    const response = await upload([{ name: 'C:\\fakepath\\brief\u0007.txt', bytes: 'Green Leaf Cafe' }]);
    expect(response.json<AnalyzeDocumentAnswer>().files[0]!.name).toBe('brief.txt');
  });

  it('answers 415 to a body that is not multipart, and 400 to a broken one', async () => {
    const json = await request(ctx, person, {
      method: 'POST',
      url: '/api/analyze-document',
      payload: { documents: [] },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual(errorBody('unsupported_media_type', messages.noDocuments));
    const text = await request(ctx, person, {
      method: 'POST',
      url: '/api/analyze-document',
      headers: { 'content-type': 'application/pdf' },
      payload: fixture('apache-tika-project-page.pdf'),
    });
    expect(text.statusCode).toBe(415);
    const broken = await request(ctx, person, {
      method: 'POST',
      url: '/api/analyze-document',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="documents"; filename="a.txt"\r\n\r\nunterminated',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(errorBody('validation_error', messages.invalidRequest));
    await expectHealthy();
  });

  it('answers 401 to a signed-out caller before reading the upload', async () => {
    const response = await upload([{ name: 'a.txt', bytes: 'Green Leaf Cafe' }], null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(errorBody('unauthorized', messages.signInRequired));
  });
});
