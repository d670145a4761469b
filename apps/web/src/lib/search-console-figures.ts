/**
 * Search Console's figures as every screen writes them (the Search Console view, the keyword
 * page's columns): counts with separators, CTR as a percentage, position with one decimal.
 */

/** `12,100`: a count with thousands separators. */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A click-through rate (a fraction) as a percentage: `3.2%`, `0.04%` below a tenth of a percent. */
export function formatCtr(ctr: number): string {
  const percent = ctr * 100;
  if (percent > 0 && percent < 0.1) return `${percent.toFixed(2)}%`;
  return `${percent.toFixed(1)}%`;
}

/** An average position with one decimal: `4.7`. */
export const formatPosition = (position: number) => position.toFixed(1);
