import type { MonthlySearches } from '@keywright/contract';
import { Text } from '@mantine/core';
import { describeTrend, formatMonthSearches, sparklinePoints } from '@/lib/trend';
import classes from './trend-sparkline.module.css';

/**
 * A keyword's searches month by month as a small line. Its accessible name lists the months and
 * their searches, and so does its tooltip (the SVG's title); N/A when the source gave no months.
 */
export function TrendSparkline({
  trend,
  width = 96,
  height = 28,
}: {
  trend: readonly MonthlySearches[] | null | undefined;
  width?: number;
  height?: number;
}) {
  if (!trend || trend.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        N/A
      </Text>
    );
  }
  const points = sparklinePoints(
    trend.map((entry) => entry.searches),
    { width, height, padding: 3 },
  );
  const line = points.map(([x, y]) => `${x},${y}`).join(' ');
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const area = `M${first[0]},${height} L${line.replace(/ /g, ' L')} L${last[0]},${height} Z`;
  return (
    <svg
      role="img"
      aria-label={describeTrend(trend)}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={classes.sparkline}
    >
      <title>{['Searches by month', ...trend.map(formatMonthSearches)].join('\n')}</title>
      <path d={area} className={classes.area} />
      <polyline points={line} className={classes.line} />
      <circle cx={last[0]} cy={last[1]} r={2.25} className={classes.last} />
    </svg>
  );
}
