import { constants, messages } from '@keywright/contract';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { refusal, refused } from '../../../test/support/refusal';
import {
  createSearchConsoleReader,
  readSearchConsoleExport,
  type SearchConsoleFile,
  type SearchConsoleQueryRow,
} from './search-console-file';
import { queriesCsvOf } from './search-console-zip';

const HEADER = 'Top queries,Clicks,Impressions,CTR,Position';

/** Queries.csv as Search Console writes it: UTF-8, CR LF, the header then a row per query. */
function queriesCsv(lines: string[], { bom = false, header = HEADER, lineBreak = '\r\n' } = {}): Uint8Array {
  const text = [header, ...lines].join(lineBreak) + lineBreak;
  return Buffer.from(bom ? `\ufeff${text}` : text, 'utf8');
}

/** The Performance report's ZIP: Queries.csv beside the other tables it exports. */
function exportZip(queries: Uint8Array, { folder = '', more = {} as Record<string, Uint8Array> } = {}): Uint8Array {
  return zipSync({
    [`${folder}Queries.csv`]: queries,
    [`${folder}Pages.csv`]: strToU8(
      'Top pages,Clicks,Impressions,CTR,Position\r\nhttps://example.com/,10,100,10%,2.5\r\n',
    ),
    [`${folder}Devices.csv`]: strToU8('Device,Clicks,Impressions,CTR,Position\r\nMobile,10,100,10%,2.5\r\n'),
    ...more,
  });
}

const wallets = [
  'leather wallet,120,"1,500",8%,3.4',
  'mens leather wallet,7,900,0.78%,11.2',
  'slim card holder,0,35,0%,48',
];

const walletRows: SearchConsoleQueryRow[] = [
  { query: 'leather wallet', normalized: 'leather wallet', clicks: 120, impressions: 1500, ctr: 0.08, position: 3.4 },
  {
    query: 'mens leather wallet',
    normalized: 'mens leather wallet',
    clicks: 7,
    impressions: 900,
    ctr: 0.0078,
    position: 11.2,
  },
  { query: 'slim card holder', normalized: 'slim card holder', clicks: 0, impressions: 35, ctr: 0, position: 48 },
];

describe("Search Console's Performance export", () => {
  it('reads Queries.csv: each query with its clicks, impressions, CTR as a fraction and position', () => {
    expect(readSearchConsoleExport(queriesCsv(wallets), 'Queries.csv')).toEqual<SearchConsoleFile>({
      rows: walletRows,
      read: 3,
      stored: 3,
      skipped: [],
    });
  });

  it('reads the ZIP the same as its Queries.csv, leaving Pages.csv and the rest aside', () => {
    const csv = queriesCsv(wallets);
    const fromCsv = readSearchConsoleExport(csv, 'Queries.csv');
    expect(
      readSearchConsoleExport(exportZip(csv), 'https___example.com_-Performance-on-Search-2026-11-27.zip'),
    ).toEqual(fromCsv);
    // Whatever the upload is called, and with the tables in a folder as some unzip-and-rezip tools leave them.
    expect(readSearchConsoleExport(exportZip(csv, { folder: 'Performance/' }), 'upload')).toEqual(fromCsv);
    expect(readSearchConsoleExport(zipSync({ 'queries.CSV': csv }))).toEqual(fromCsv);
  });

  it('reads the file with or without a byte order mark, with LF line breaks, or tab-separated', () => {
    const plain = readSearchConsoleExport(queriesCsv(wallets));
    expect(readSearchConsoleExport(queriesCsv(wallets, { bom: true }))).toEqual(plain);
    expect(readSearchConsoleExport(queriesCsv(wallets, { bom: true, lineBreak: '\n' }))).toEqual(plain);
    const tabs = wallets.map((line) => line.replace(/"1,500"/, '1500').replaceAll(',', '\t'));
    expect(readSearchConsoleExport(queriesCsv(tabs, { header: HEADER.replaceAll(',', '\t') }))).toEqual(plain);
  });

  it('reads the same whatever pieces the upload arrives in', () => {
    const lines = [...wallets, '"wallet, ""slim""",1,10,10%,5', 'wallet für männer,2,20,10%,6.5', 'кошелёк,3,30,10%,7'];
    const bytes = queriesCsv(lines, { bom: true });
    const whole = readSearchConsoleExport(bytes);
    expect(whole.rows.map((row) => row.query)).toContain('wallet, "slim"');
    for (const size of [1, 2, 3, 7, 64]) {
      const reader = createSearchConsoleReader();
      for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
      expect(reader.end(), `in pieces of ${size}`).toEqual(whole);
    }
  });

  it('finds the columns by name in any order and case, and passes over others', () => {
    const file = readSearchConsoleExport(
      queriesCsv(['3.4,8%,leather wallet,x,"1,500",120'], {
        header: 'position,ctr, TOP  QUERIES ,Country,Impressions,Clicks',
      }),
    );
    expect(file.rows).toEqual([walletRows[0]]);
    // The Search Analytics API's name for the column.
    expect(
      readSearchConsoleExport(queriesCsv(wallets, { header: 'Query,Clicks,Impressions,CTR,Position' })).rows,
    ).toEqual(walletRows);
  });

  it('reads counts grouped in thousands, CTR with or without its percent sign, and decimal positions', () => {
    const file = readSearchConsoleExport(
      queriesCsv([
        'a,"1,234","1,234,567",12.5%,1',
        'b,1 234,1\u00a0234\u00a0567,12.5 %,1.05',
        'c,1\u202f234,1234567,12.5,"1,002.5"',
        'd,0,1,100%,100',
      ]),
    );
    expect(file.skipped).toEqual([]);
    expect(file.rows.map(({ clicks, impressions, ctr, position }) => [clicks, impressions, ctr, position])).toEqual([
      [1234, 1_234_567, 0.125, 1],
      [1234, 1_234_567, 0.125, 1.05],
      [1234, 1_234_567, 0.125, 1002.5],
      [0, 1, 1, 100],
    ]);
  });

  it('skips blank, overlong, broken and repeated queries and unreadable figures, naming the line and why', () => {
    const long = 'wallet '.repeat(60).trim();
    const file = readSearchConsoleExport(
      queriesCsv([
        'leather wallet,120,"1,500",8%,3.4',
        ',5,50,10%,2',
        '   ,5,50,10%,2',
        `${long},1,10,10%,2`,
        '"card\u0007holder",1,10,10%,2',
        '"card\nholder",1,10,lots,2',
        'Leather  Wallet,1,10,10%,2',
        'slim wallet,1,10,10%,',
        'slim wallet,1.5,10,10%,3',
        'slim wallet,1,"1,2345",10%,3',
        'slim wallet,1,10,120%,3',
        'slim wallet,1,10,10%,3',
      ]),
    );
    expect(file.read).toBe(12);
    expect(file.stored).toBe(2);
    expect(file.rows.map((row) => row.query)).toEqual(['leather wallet', 'slim wallet']);
    expect(file.skipped).toEqual([
      { line: 3, query: '', reason: messages.searchConsoleSkipBlank },
      { line: 4, query: '', reason: messages.searchConsoleSkipBlank },
      {
        line: 5,
        query: `${long.slice(0, constants.limits.keyword)}…`,
        reason: messages.searchConsoleSkipTooLong(constants.limits.keyword),
      },
      { line: 6, query: 'card\u0007holder', reason: messages.searchConsoleSkipInvalid },
      // A line break inside quotes: the row starts on line 7, the next on line 9.
      { line: 7, query: 'card holder', reason: messages.searchConsoleSkipBadNumber('CTR') },
      { line: 9, query: 'Leather Wallet', reason: messages.searchConsoleSkipDuplicate },
      { line: 10, query: 'slim wallet', reason: messages.searchConsoleSkipBadNumber('Position') },
      { line: 11, query: 'slim wallet', reason: messages.searchConsoleSkipBadNumber('Clicks') },
      { line: 12, query: 'slim wallet', reason: messages.searchConsoleSkipBadNumber('Impressions') },
      { line: 13, query: 'slim wallet', reason: messages.searchConsoleSkipBadNumber('CTR') },
    ]);
  });

  it('reports the first skipped rows only; read less stored counts them all', () => {
    const file = readSearchConsoleExport(queriesCsv(Array.from({ length: 50 }, () => ',1,10,10%,2')), '', {
      reportedSkips: 20,
    });
    expect(file).toMatchObject({ read: 50, stored: 0 });
    expect(file.skipped).toHaveLength(20);
    expect(file.skipped.at(-1)!.line).toBe(21);
  });

  it('passes over empty lines and rows of empty cells', () => {
    const file = readSearchConsoleExport(queriesCsv(['', wallets[0]!, ',,,,', '', wallets[1]!]));
    expect(file).toMatchObject({ read: 2, stored: 2, skipped: [] });
  });
});

describe('a file that is not a Search Console export', () => {
  it('is refused when larger than the Keyword Planner limit, before it is read', () => {
    const bytes = new Uint8Array(constants.keywordPlannerImport.maxBytes + 1);
    expect(refusal(() => readSearchConsoleExport(bytes, 'Queries.csv'))).toEqual({
      code: 'payload_too_large',
      message: messages.searchConsoleTooLarge,
    });
  });

  it('is refused past the row limit', () => {
    const lines = Array.from({ length: 4 }, (_, index) => `wallet ${index},1,10,10%,2`);
    expect(refusal(() => readSearchConsoleExport(queriesCsv(lines), '', { maxRows: 3 }))).toEqual(
      refused(messages.searchConsoleTooManyRows),
    );
    expect(readSearchConsoleExport(queriesCsv(lines.slice(0, 3)), '', { maxRows: 3 }).read).toBe(3);
  });

  it('is refused when it is not text: binary, NUL bytes, broken UTF-8', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const bytes of [
      png,
      Buffer.from(`${HEADER}\r\nwallet\u0000,1,1,1%,1\r\n`),
      Buffer.from([0x54, 0x6f, 0xc3, 0x28, 0x0a]),
    ]) {
      expect(refusal(() => readSearchConsoleExport(bytes, 'Queries.csv'))).toEqual(
        refused(messages.searchConsoleNotText),
      );
    }
  });

  it('is refused when a ZIP has no Queries.csv', () => {
    const zip = zipSync({ 'Pages.csv': strToU8('Top pages,Clicks,Impressions,CTR,Position\r\n') });
    expect(refusal(() => readSearchConsoleExport(zip, 'export.zip'))).toEqual(
      refused(messages.searchConsoleNoQueriesCsv),
    );
    expect(refusal(() => readSearchConsoleExport(zipSync({}), 'export.zip'))).toEqual(
      refused(messages.searchConsoleNoQueriesCsv),
    );
  });

  it('is refused when a ZIP is damaged, or a .zip is none', () => {
    const zip = exportZip(queriesCsv(wallets));
    const cut = zip.subarray(0, zip.length - 30);
    expect(refusal(() => readSearchConsoleExport(cut, 'export.zip'))).toEqual(refused(messages.searchConsoleBadZip));
    expect(refusal(() => readSearchConsoleExport(queriesCsv(wallets), 'export.zip'))).toEqual(
      refused(messages.searchConsoleBadZip),
    );
    const crowded = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`${index}.csv`, strToU8('')]));
    expect(refusal(() => readSearchConsoleExport(exportZip(queriesCsv(wallets), { more: crowded })))).toEqual(
      refused(messages.searchConsoleBadZip),
    );
  });

  it('is refused when Queries.csv would unpack past the limit (a ZIP bomb), without unpacking it', () => {
    const bomb = zipSync({ 'Queries.csv': new Uint8Array(constants.keywordPlannerImport.maxBytes + 1) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(refusal(() => readSearchConsoleExport(bomb, 'export.zip'))).toEqual({
      code: 'payload_too_large',
      message: messages.searchConsoleUnpackedTooLarge,
    });
  });

  it('never unpacks more than the directory declares, even when it lies', () => {
    const csv = queriesCsv(wallets);
    const zip = zipSync({ 'Queries.csv': csv });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    // The directory entry's uncompressed size (offset 24 of the entry, which starts after the local part).
    const directory = zip.length - 22 - (46 + 'Queries.csv'.length);
    expect(view.getUint32(directory)).toBe(0x504b0102);
    view.setUint32(directory + 24, 20, true);
    let part: Uint8Array | undefined;
    try {
      part = queriesCsvOf(zip);
    } catch (error) {
      // Or refused as damaged; never more than declared.
      expect(error).toMatchObject(refused(messages.searchConsoleBadZip));
    }
    if (part) expect(part.length).toBeLessThanOrEqual(20);
  });

  it('names the columns it lacks', () => {
    expect(
      refusal(() => readSearchConsoleExport(queriesCsv(['wallet,1,10'], { header: 'Top queries,Clicks,Impressions' }))),
    ).toEqual(refused(messages.searchConsoleMissingColumns(['CTR', 'Position'])));
    // Pages.csv uploaded instead of Queries.csv.
    const pages = queriesCsv(['https://example.com/,10,100,10%,2.5'], {
      header: 'Top pages,Clicks,Impressions,CTR,Position',
    });
    expect(refusal(() => readSearchConsoleExport(pages, 'Pages.csv'))).toEqual(
      refused(messages.searchConsoleMissingColumns(['Top queries'])),
    );
    expect(messages.searchConsoleMissingColumns(['Top queries'])).toBe(
      'The file is not a Search Console export: it has no Top queries column.',
    );
  });

  it('is refused when it has no queries: empty, blank lines, or the header alone', () => {
    for (const bytes of [new Uint8Array(0), Buffer.from('\ufeff'), Buffer.from('\r\n\r\n'), queriesCsv([])]) {
      expect(refusal(() => readSearchConsoleExport(bytes, 'Queries.csv'))).toEqual(
        refused(messages.searchConsoleNoRows),
      );
    }
    expect(refusal(() => readSearchConsoleExport(exportZip(queriesCsv([])), 'export.zip'))).toEqual(
      refused(messages.searchConsoleNoRows),
    );
  });

  it('is refused at a line that cannot be read: a quote never closed', () => {
    expect(refusal(() => readSearchConsoleExport(queriesCsv([wallets[0]!, '"wallet,1,10,10%,2'])))).toEqual(
      refused(messages.searchConsoleBadLine(3)),
    );
  });
});

describe('a large export', () => {
  const rows = (count: number) =>
    Array.from(
      { length: count },
      (_, index) =>
        `leather wallet ${index},${index % 50},"${1000 + index}",${(index % 1000) / 10}%,${(index % 300) / 10 + 1}`,
    );

  it('reads 100,000 queries from the ZIP', () => {
    const file = readSearchConsoleExport(
      exportZip(queriesCsv(rows(constants.keywordPlannerImport.maxRows))),
      'export.zip',
    );
    expect(file.read).toBe(100_000);
    expect(file.stored).toBe(100_000);
    expect(file.rows[99_999]).toEqual({
      query: 'leather wallet 99999',
      normalized: 'leather wallet 99999',
      clicks: 49,
      impressions: 100_999,
      ctr: 0.999,
      position: 10.9,
    });
  });

  it('refuses 100,001', () => {
    expect(refusal(() => readSearchConsoleExport(queriesCsv(rows(100_001))))).toEqual(
      refused(messages.searchConsoleTooManyRows),
    );
  });
});
