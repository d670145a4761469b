import { constants, messages } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import {
  adCombination,
  adsEditorExportBody,
  combinationCount,
  displayHost,
  displayUrl,
  finalUrlFromSite,
  initialAdLines,
  keptCount,
  keptTexts,
  lineLength,
  previewTexts,
  setLineKept,
  setLineText,
  type AdsEditorFields,
} from './ad-preview';

const { maxHeadlines, maxDescriptions } = constants.adsEditor;
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);

describe('kept lines', () => {
  it('keeps the first 15 headlines and 4 descriptions of 20', () => {
    const headlines = initialAdLines(numbered('H', 20), maxHeadlines);
    const descriptions = initialAdLines(numbered('D', 20), maxDescriptions);
    expect(keptCount(headlines)).toBe(15);
    expect(keptTexts(headlines)).toEqual(numbered('H', 15));
    expect(keptTexts(descriptions)).toEqual(['D 1', 'D 2', 'D 3', 'D 4']);
    expect(headlines[15]?.isKept).toBe(false);
  });

  it('refuses a tick past the limit, and takes one after an untick', () => {
    const lines = initialAdLines(numbered('D', 20), maxDescriptions);
    const refused = setLineKept(lines, 10, true, maxDescriptions);
    expect(keptCount(refused)).toBe(4);
    expect(refused[10]?.isKept).toBe(false);

    const unticked = setLineKept(lines, 1, false, maxDescriptions);
    expect(keptTexts(unticked)).toEqual(['D 1', 'D 3', 'D 4']);
    const ticked = setLineKept(unticked, 10, true, maxDescriptions);
    expect(keptTexts(ticked)).toEqual(['D 1', 'D 3', 'D 4', 'D 11']);
    // The original is untouched.
    expect(keptCount(lines)).toBe(4);
  });

  it('edits a line in place and keeps blank kept lines out of the preview only', () => {
    const lines = setLineText(initialAdLines(['a', 'b', 'c'], 3), 1, '   ');
    expect(keptTexts(lines)).toEqual(['a', '', 'c']);
    expect(previewTexts(lines)).toEqual(['a', 'c']);
  });
});

describe('lineLength', () => {
  it('counts graphemes of the trimmed text and flags what is over the limit', () => {
    expect(lineLength('café ', 30)).toEqual({ length: 4, isOver: false });
    expect(lineLength('🇺🇸 flags', 7)).toEqual({ length: 7, isOver: false });
    expect(lineLength('x'.repeat(31), 30)).toEqual({ length: 31, isOver: true });
    expect(lineLength('x'.repeat(30), 30).isOver).toBe(false);
  });
});

describe('combinations', () => {
  it('walks through every kept line, three headlines and two descriptions at a time, then starts over', () => {
    const headlines = numbered('H', 15);
    const descriptions = numbered('D', 4);
    // 15 headlines come round after 5 steps, 4 descriptions after 2: together after 10.
    expect(combinationCount(15, 4)).toBe(10);
    expect(adCombination(headlines, descriptions, 0)).toEqual({
      headlines: ['H 1', 'H 2', 'H 3'],
      descriptions: ['D 1', 'D 2'],
    });
    expect(adCombination(headlines, descriptions, 1)).toEqual({
      headlines: ['H 4', 'H 5', 'H 6'],
      descriptions: ['D 3', 'D 4'],
    });
    expect(adCombination(headlines, descriptions, 5).headlines).toEqual(['H 1', 'H 2', 'H 3']);
    expect(adCombination(headlines, descriptions, 5).descriptions).toEqual(['D 3', 'D 4']);
    expect(adCombination(headlines, descriptions, 10)).toEqual(adCombination(headlines, descriptions, 0));

    const seen = new Set<string>();
    for (let index = 0; index < combinationCount(15, 4); index += 1) {
      const combination = adCombination(headlines, descriptions, index);
      expect(new Set(combination.headlines).size, 'no headline twice in one ad').toBe(3);
      seen.add(JSON.stringify(combination));
    }
    expect(seen.size, 'each step a different combination').toBe(10);
  });

  it('wraps round when the count is not a multiple, and shows what there is when fewer are kept', () => {
    expect(combinationCount(4, 3)).toBe(12);
    expect(adCombination(numbered('H', 4), numbered('D', 3), 1)).toEqual({
      headlines: ['H 4', 'H 1', 'H 2'],
      descriptions: ['D 3', 'D 1'],
    });
    expect(combinationCount(3, 2)).toBe(1);
    expect(combinationCount(2, 1)).toBe(1);
    expect(combinationCount(0, 0)).toBe(1);
    expect(adCombination(['H 1', 'H 2'], [], 7)).toEqual({ headlines: ['H 1', 'H 2'], descriptions: [] });
  });
});

describe('addresses', () => {
  it('adds https:// to a bare domain and keeps a full address', () => {
    expect(finalUrlFromSite('example.com')).toBe('https://example.com');
    expect(finalUrlFromSite(' www.example.com/shop ')).toBe('https://www.example.com/shop');
    expect(finalUrlFromSite('http://example.com')).toBe('http://example.com');
    expect(finalUrlFromSite('HTTPS://Example.com/a')).toBe('HTTPS://Example.com/a');
    expect(finalUrlFromSite('  ')).toBe('');
  });

  it('shows the host without www. and the paths after it', () => {
    expect(displayHost('https://www.Example.com/shop?x=1')).toBe('example.com');
    expect(displayHost('bakery.example.org:8080/a')).toBe('bakery.example.org');
    expect(displayHost('https://user@shop.example.com#top')).toBe('shop.example.com');
    expect(displayHost('')).toBeNull();
    expect(displayHost('https://')).toBeNull();
    expect(displayUrl('example.com', 'bread', 'sourdough')).toBe('example.com/bread/sourdough');
    expect(displayUrl('example.com', ' bread ', '')).toBe('example.com/bread');
    expect(displayUrl('example.com', '', 'sourdough')).toBe('example.com');
  });
});

describe('adsEditorExportBody', () => {
  const fields: AdsEditorFields = {
    campaign: 'Brooklyn Bakery',
    adGroup: 'Brand terms',
    matchType: 'Phrase',
    includeMaxCpc: true,
    useEstimatedBids: false,
    finalUrl: 'https://bakery.example.com',
    path1: 'bread',
    path2: '',
  };
  const headlines = initialAdLines(numbered('Fresh bread', 20), maxHeadlines);
  const descriptions = initialAdLines(numbered('Sourdough delivered', 20), maxDescriptions);

  it('sends the kept lines, trimmed, with the fields', () => {
    const { body } = adsEditorExportBody(fields, setLineText(headlines, 0, ' Fresh bread 1 '), descriptions);
    expect(body?.headlines).toEqual(numbered('Fresh bread', 15));
    expect(body?.descriptions).toEqual(numbered('Sourdough delivered', 4));
    expect(body).toMatchObject({
      campaign: 'Brooklyn Bakery',
      matchType: 'Phrase',
      path1: 'bread',
      includeMaxCpc: true,
    });
  });

  it("reports each field's first problem with the contract's texts", () => {
    const { errors } = adsEditorExportBody(
      { ...fields, campaign: ' ', finalUrl: 'bakery', path1: '', path2: 'sourdough' },
      setLineText(headlines, 2, 'x'.repeat(31)),
      setLineKept(setLineKept(setLineKept(descriptions, 1, false, 4), 2, false, 4), 3, false, 4),
    );
    expect(errors).toEqual({
      campaign: messages.campaignNameRequired,
      finalUrl: messages.finalUrlInvalid,
      path2: messages.path2NeedsPath1,
      headlines: messages.atMostCharacters(30),
      descriptions: messages.adsEditorDescriptionCount,
    });
  });

  it('refuses a blank kept line and a path over 15', () => {
    const { errors } = adsEditorExportBody(
      { ...fields, path1: 'p'.repeat(16) },
      setLineText(headlines, 0, '  '),
      descriptions,
    );
    expect(errors).toEqual({ path1: messages.atMostCharacters(15), headlines: messages.adLineBlank });
  });
});
