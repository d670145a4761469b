const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the report's currency: `$84.00`, `€1,234.56`; without a currency code, the figure
 * alone (`84.00`), never a dollar sign it does not have. A code the browser does not know is written
 * after the figure.
 */
export function formatMoney(amount: number, currency: string | null): string {
  const key = currency ?? '';
  let format = formats.get(key);
  if (!format) {
    try {
      format = currency
        ? new Intl.NumberFormat('en-US', { style: 'currency', currency })
        : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${plain.format(amount)} ${currency}`;
    }
    formats.set(key, format);
  }
  return format.format(amount);
}

/** A count or conversions: grouped, conversions with at most two decimals. */
export function formatFigure(value: number | null, fractionDigits = 0): string {
  if (value === null) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: fractionDigits });
}

/** `2026-10-01`, `2026-10-31` as `Oct 1, 2026 – Oct 31, 2026`. */
export function formatDateRange(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${format.format(new Date(`${start}T00:00:00Z`))} – ${format.format(new Date(`${end}T00:00:00Z`))}`;
}
