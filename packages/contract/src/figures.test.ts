import { describe, expect, it } from 'vitest';
import { currencySymbol, formatCpcRange, formatMoney } from './figures';

describe('money in its currency', () => {
  it('writes a CPC range with the sign of its currency, two decimals', () => {
    expect(formatCpcRange(1_200_000, 3_450_000, 'GBP')).toBe('£1.20 - £3.45');
    expect(formatCpcRange(1_200_000, 3_450_000, 'EUR')).toBe('€1.20 - €3.45');
    expect(formatCpcRange(1_200_000, 3_450_000, 'CAD')).toBe('CA$1.20 - CA$3.45');
    expect(formatMoney(1_250_000_000, 'USD')).toBe('$1,250.00');
  });

  it('keeps SPEC’s dollars when the currency is not known, and N/A without a bound', () => {
    expect(formatCpcRange(1_200_000, 3_450_000)).toBe('$1.20 - $3.45');
    expect(formatCpcRange(null, 3_450_000, 'GBP')).toBe('N/A');
  });

  it('names the sign a bound is typed in', () => {
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(currencySymbol()).toBe('$');
  });
});
