/**
 * SPEC: dates are shown in en-US format, month/day/year in the browser's time
 * zone (what toLocaleDateString('en-US') writes). Written by hand: Intl builds
 * a formatter per call and loads its locale data on the first, which was the
 * largest cost of rendering a list of dates on a slow phone.
 */
export function formatDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}
