import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { negativeBlocks, negativeNotation } from './negative-suggestions';
import { formatReportMoney } from './negative-suggestions-messages';

describe('negativeBlocks', () => {
  it('blocks with an exact negative only the same search, in any case and spacing', () => {
    expect(negativeBlocks('leather wallet', 'exact', 'Leather  Wallet')).toBe(true);
    expect(negativeBlocks('leather wallet', 'exact', 'leather wallets')).toBe(false);
    expect(negativeBlocks('leather wallet', 'exact', 'mens leather wallet')).toBe(false);
  });

  it('blocks with a phrase negative a search holding its words whole and in order', () => {
    expect(negativeBlocks('free', 'phrase', 'free wallet pattern')).toBe(true);
    expect(negativeBlocks('wallet pattern', 'phrase', 'free wallet pattern pdf')).toBe(true);
    expect(negativeBlocks('wallet pattern', 'phrase', 'pattern wallet')).toBe(false);
    expect(negativeBlocks('free', 'phrase', 'freelance wallet maker')).toBe(false);
    expect(negativeBlocks('job', 'phrase', 'jobs')).toBe(false);
  });

  it('blocks nothing with an empty negative', () => {
    expect(negativeBlocks('  ', 'phrase', 'anything')).toBe(false);
  });
});

describe('negativeNotation', () => {
  it('writes a negative as Google Ads does', () => {
    expect(negativeNotation('free', 'phrase')).toBe('"free"');
    expect(negativeNotation('wallet repair', 'exact')).toBe('[wallet repair]');
  });
});

describe('the reason of spend without result', () => {
  const { spentWithoutResult } = messages.negativeSuggestionReasons;

  it('writes the money in the report’s currency, whole amounts without cents', () => {
    expect(spentWithoutResult(84, 'USD')).toBe('$84 spent, 0 conversions');
    expect(spentWithoutResult(84, 'EUR')).toBe('€84 spent, 0 conversions');
    expect(spentWithoutResult(1234.5, 'GBP')).toBe('£1,234.50 spent, 0 conversions');
  });

  it('never writes a dollar sign for a report without a currency, and names a code it has no sign for', () => {
    expect(formatReportMoney(12.5, null)).toBe('12.50');
    expect(formatReportMoney(12, 'XQQ')).toBe('XQQ\u00a012');
  });
});
