import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractDocumentText } from './extract';
import { extractionLimits } from './limits';

/** A zip streamed together, so a part of hundreds of megabytes never sits in memory. */
function streamedZip(parts: Array<{ name: string; chunk: Uint8Array; times: number }>): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    out.push(data);
  });
  for (const { name, chunk, times } of parts) {
    const file = new ZipDeflate(name, { level: 1 });
    zip.add(file);
    for (let index = 0; index < times; index += 1) file.push(chunk, index === times - 1);
  }
  zip.end();
  return new Uint8Array(Buffer.concat(out));
}

const contentTypes = { name: '[Content_Types].xml', chunk: strToU8('<Types/>'), times: 1 };
const MB = 1024 * 1024;

function memoryNow(): number {
  return process.memoryUsage().rss;
}

describe('limits against hostile files', () => {
  // A 64 MB part (over the part and the total limits) in a .docx of about 64 KB.
  const zipBomb = streamedZip([contentTypes, { name: 'word/document.xml', chunk: new Uint8Array(MB), times: 64 }]);

  it('stops a zip bomb (a 64 MB part in a small .docx) without inflating it', async () => {
    const bomb = zipBomb.slice();
    expect(bomb.length).toBeLessThan(MB);
    const before = memoryNow();
    expect(await extractDocumentText(bomb, 'bomb.docx')).toEqual({ problem: 'unreadable' });
    expect(memoryNow() - before).toBeLessThan(100 * MB);
  });

  it('cuts a part that lies about its size at the size it declares', async () => {
    const bomb = zipBomb.slice();
    // Declare 1 KB in the central directory: fflate inflates into 1 KB and stops.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let offset = bomb.length - 22; offset >= 0; offset -= 1) {
      if (view.getUint32(offset, true) === 0x02014b50 && bomb[offset + 46] === 0x77 /* "w" */) {
        view.setUint32(offset + 24, 1024, true);
        break;
      }
    }
    const before = memoryNow();
    expect(await extractDocumentText(bomb, 'liar.docx')).toEqual({ problem: 'unreadable' });
    expect(memoryNow() - before).toBeLessThan(100 * MB);
  });

  it('refuses a slide of over 20 MB of XML and decks of over 50 MB of XML in all', async () => {
    const run = strToU8('<a:p><a:r><a:t>Organic coffee beans</a:t></a:r></a:p>'.repeat(1000));
    const huge = streamedZip([
      contentTypes,
      { name: 'ppt/slides/slide1.xml', chunk: run, times: Math.ceil((21 * MB) / run.length) },
    ]);
    expect(await extractDocumentText(huge, 'huge.pptx')).toEqual({ problem: 'unreadable' });
    const many = streamedZip([
      contentTypes,
      ...[1, 2, 3, 4].map((number) => ({
        name: `ppt/slides/slide${number}.xml`,
        chunk: run,
        times: Math.ceil((14 * MB) / run.length),
      })),
    ]);
    expect(await extractDocumentText(many, 'many.pptx')).toEqual({ problem: 'unreadable' });
  });

  it('refuses a zip of too many entries', async () => {
    const files: Record<string, Uint8Array> = { '[Content_Types].xml': strToU8('<Types/>') };
    for (let index = 0; index <= extractionLimits.maxZipEntries; index += 1) files[`x/${index}`] = new Uint8Array(0);
    files['ppt/slides/slide1.xml'] = strToU8('<a:p><a:r><a:t>Hi</a:t></a:r></a:p>');
    expect(await extractDocumentText(zipSync(files, { level: 0 }), 'entries.pptx')).toEqual({ problem: 'unreadable' });
  });

  it('keeps at most a million characters of a file that has more', async () => {
    const run = strToU8('<a:p><a:r><a:t>Organic coffee beans</a:t></a:r></a:p>'.repeat(1000));
    const long = streamedZip([contentTypes, { name: 'ppt/slides/slide1.xml', chunk: run, times: 300 }]);
    const result = await extractDocumentText(long, 'long.pptx');
    expect('text' in result && result.text.length).toBe(extractionLimits.maxTextChars);
  });

  it('says too_large for a file over 20 MB, whatever it holds', async () => {
    expect(await extractDocumentText(new Uint8Array(21 * MB).fill(0x61), 'big.txt')).toEqual({ problem: 'too_large' });
  });
});
