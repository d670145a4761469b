import type { MonthlySearches } from '@keywright/contract';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Nov 2025`. */
export function formatMonth({ year, month }: Pick<MonthlySearches, 'year' | 'month'>): string {
  return `${monthNames[month - 1] ?? String(month)} ${year}`;
}

/** One month as a person reads it: `Nov 2025 1,900`. */
export const formatMonthSearches = (entry: MonthlySearches) =>
  `${formatMonth(entry)} ${entry.searches.toLocaleString('en-US')}`;

/** A trend's accessible name: `Searches by month: Nov 2025 1,900; Dec 2025 2,400; …`. */
export function describeTrend(trend: readonly MonthlySearches[]): string {
  return `Searches by month: ${trend.map(formatMonthSearches).join('; ')}`;
}

export interface SparklineBox {
  width: number;
  height: number;
  /** Room kept on every side, so the line's ends and its stroke are not clipped. */
  padding: number;
}

/**
 * The points of a sparkline of `values`, left to right, the largest at the top. Equal values
 * (all zero, say) draw a flat line along the bottom; one value draws a point in the middle.
 */
export function sparklinePoints(
  values: readonly number[],
  { width, height, padding }: SparklineBox,
): [number, number][] {
  if (values.length === 0) return [];
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min;
  const innerWidth = width - 2 * padding;
  const innerHeight = height - 2 * padding;
  const round = (value: number) => Math.round(value * 100) / 100;
  return values.map((value, index) => {
    const x = values.length === 1 ? width / 2 : padding + (innerWidth * index) / (values.length - 1);
    const y = span === 0 ? height - padding : padding + innerHeight * (1 - (value - min) / span);
    return [round(x), round(y)];
  });
}
