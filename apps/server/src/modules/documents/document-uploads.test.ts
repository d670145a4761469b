import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { analyzeDocumentAnswerSchema, emptyProjectDetails, messages } from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createTestContext, errorBody, request } from '../../../test/harness';
import { multipart } from '../../../test/support/multipart';
import { useTestContext } from '../../../test/support/test-context';
import type { DetailsExtractor } from '../../providers/details-extractor/details-extractor';

/**
 * Document uploads within bounds (issue 28): one read at a time and one waiting here
 * (`DOCUMENT_WORKERS=1`, `DOCUMENT_QUEUE=1`); a third at once is asked to come back, and every
 * upload's files are on disk only while it is answered.
 */
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-upload-dir-test-'));
const detailsExtractor: DetailsExtractor = {
  name: 'offline',
  async extract(documents) {
    return { ...emptyProjectDetails, projectName: documents[0]?.text.split('\n')[0] ?? '' };
  },
};
const ctx = useTestContext({
  env: { DOCUMENT_WORKERS: '1', DOCUMENT_QUEUE: '1', UPLOAD_DIR: uploadDir },
  app: { providers: { detailsExtractor } },
});
let person: TestUser;
beforeAll(async () => {
  person = await buildUser(ctx);
});
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

const uploadsOnDisk = () => readdirSync(uploadDir);

function upload(text: string) {
  const body = multipart([{ name: 'brief.txt', bytes: text }]);
  return request(ctx, person, { method: 'POST', url: '/api/analyze-document', ...body });
}

/** An upload whose body arrives in two halves: the second only when `finish` is called. */
function heldUpload(text: string) {
  const { payload, headers } = multipart([{ name: 'brief.txt', bytes: text }]);
  const body = new PassThrough();
  body.write(payload.subarray(0, payload.length - 20));
  const answer = request(ctx, person, { method: 'POST', url: '/api/analyze-document', headers, payload: body });
  return { answer, finish: () => body.end(payload.subarray(payload.length - 20)) };
}

describe('document uploads within bounds', () => {
  it('reads two at once here, refuses a third with 503 and Retry-After, and keeps no file once answered', async () => {
    // Refused uploads give their place back.
    const broken = await request(ctx, person, {
      method: 'POST',
      url: '/api/analyze-document',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="documents"; filename="a.txt"\r\n\r\nunterminated',
    });
    expect(broken.statusCode).toBe(400);
    const tooMany = await request(ctx, person, {
      method: 'POST',
      url: '/api/analyze-document',
      ...multipart(Array.from({ length: 11 }, (_, index) => ({ name: `${index}.txt`, bytes: 'Green Leaf' }))),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(uploadsOnDisk()).toEqual([]);

    const first = heldUpload('Green Leaf Cafe\nOrganic coffee in Leeds');
    const second = heldUpload('Blue Door Bakery\nSourdough in York');
    // Both are being written to disk: each has its place.
    await vi.waitFor(() => expect(uploadsOnDisk()).toHaveLength(2));

    const third = await upload('Red Kite Books\nSecond-hand books in Hay');
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('30');
    expect(third.json()).toEqual(errorBody('unavailable', messages.documentsBusy));
    expect(uploadsOnDisk()).toHaveLength(2);

    first.finish();
    second.finish();
    const answers = await Promise.all([first.answer, second.answer]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(
      answers.map((answer) => analyzeDocumentAnswerSchema.parse(answer.json()).projectDetails.projectName),
    ).toEqual(['Green Leaf Cafe', 'Blue Door Bakery']);
    expect(uploadsOnDisk()).toEqual([]);

    // Their places are free again.
    const later = await upload('Red Kite Books\nSecond-hand books in Hay');
    expect(later.statusCode).toBe(200);
    expect(analyzeDocumentAnswerSchema.parse(later.json()).projectDetails.projectName).toBe('Red Kite Books');
    expect(uploadsOnDisk()).toEqual([]);
  });

  it('says a file over 20 MB is too large without keeping any of it', async () => {
    const answer = await upload('x'.repeat(20 * 1024 * 1024 + 1));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().files).toEqual([
      { name: 'brief.txt', read: false, problem: 'too_large', message: messages.documentTooLarge('brief.txt') },
    ]);
    expect(uploadsOnDisk()).toEqual([]);
  });

  it('names each upload by host and process, and removes those of killed processes when a server starts', async () => {
    const held = heldUpload('Green Leaf Cafe\nOrganic coffee in Leeds');
    await vi.waitFor(() => expect(uploadsOnDisk()).toHaveLength(1));
    expect(uploadsOnDisk()[0]).toMatch(new RegExp(`^keywright-upload-${os.hostname()}-${process.pid}-\\w{6}$`));
    held.finish();
    expect((await held.answer).statusCode).toBe(200);

    // What a server killed while it read uploads leaves, beside others' uploads in progress.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const left = (host: string, pid: number) => {
      const dir = path.join(uploadDir, `keywright-upload-${host}-${pid}-AbC123`);
      mkdirSync(dir);
      writeFileSync(path.join(dir, '0'), 'half a document');
      return path.basename(dir);
    };
    const killed = left(os.hostname(), deadPid);
    const live = left(os.hostname(), process.ppid);
    const otherHost = left('another-host', deadPid);
    const restarted = await createTestContext({ env: { UPLOAD_DIR: uploadDir } });
    await restarted.close();
    expect(uploadsOnDisk().sort()).toEqual([live, otherHost].sort());
    expect(uploadsOnDisk()).not.toContain(killed);
    for (const name of [live, otherHost]) rmSync(path.join(uploadDir, name), { recursive: true });
  });
});
