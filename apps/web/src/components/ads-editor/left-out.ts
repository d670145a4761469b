import { decodeLeftOut, leftOutHeader, messages, type ExportLeftOut } from '@keywright/contract';

/** The summary an Ads Editor export sent beside its file; null when nothing was left out (or none was sent). */
export function leftOutOf(headers: Headers): ExportLeftOut | null {
  const summary = decodeLeftOut(headers.get(leftOutHeader));
  return summary && summary.keywords + summary.negatives > 0 ? summary : null;
}

/**
 * The summary in words: a title, what to do about it (Google Ads' limits, an ad group missing from
 * the file), a line per named term with why, and how many more were left out.
 */
export function leftOutText(summary: ExportLeftOut): {
  title: string;
  hints: string[];
  lines: string[];
  more: string | null;
} {
  const more = summary.keywords + summary.negatives - summary.items.length;
  const { unknown_ad_group: unknownGroup, ...limits } = summary.by_reason;
  const hints = [
    ...(Object.values(limits).some((count) => count > 0) ? [messages.leftOutHint] : []),
    ...(unknownGroup > 0 ? [messages.leftOutAdGroupHint] : []),
  ];
  return {
    title: messages.leftOutTitle(summary.keywords, summary.negatives),
    hints,
    lines: summary.items.map((item) =>
      messages.leftOutItem(
        item.text,
        item.kind === 'negative',
        messages.leftOutReasons[item.reason],
        item.reason === 'unknown_ad_group' ? item.ad_group : undefined,
      ),
    ),
    more: more > 0 ? messages.leftOutMore(more) : null,
  };
}
