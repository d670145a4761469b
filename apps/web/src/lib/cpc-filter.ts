import { cleanCpcInput, messages, type KeywordExportQuery } from '@keywright/contract';

/** CPC bounds in dollars; null means no bound on that side. */
export interface CpcBounds {
  minCpc: number | null;
  maxCpc: number | null;
}

export const noCpcBounds: CpcBounds = { minCpc: null, maxCpc: null };

/** The highest bound the server takes (the contract's `cpcBoundSchema`). */
const maxCpcBound = 1_000_000;

export const hasCpcBounds = (bounds: CpcBounds): boolean => bounds.minCpc !== null || bounds.maxCpc !== null;

export type CpcFilterReading = { ok: true; bounds: CpcBounds } | { ok: false; field: keyof CpcBounds; message: string };

function readBound(text: string): number | null | undefined {
  const cleaned = cleanCpcInput(text);
  if (cleaned === '') return null;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) && value <= maxCpcBound ? value : undefined;
}

/**
 * Reads the filter's Min CPC and Max CPC texts: the bounds to apply, or the
 * field to mark and what to say (an unreadable price; min above max).
 */
export function readCpcFilter(minText: string, maxText: string): CpcFilterReading {
  const minCpc = readBound(minText);
  if (minCpc === undefined) return { ok: false, field: 'minCpc', message: messages.invalidCpcBound };
  const maxCpc = readBound(maxText);
  if (maxCpc === undefined) return { ok: false, field: 'maxCpc', message: messages.invalidCpcBound };
  if (minCpc !== null && maxCpc !== null && minCpc > maxCpc) {
    return { ok: false, field: 'minCpc', message: messages.minCpcAboveMax };
  }
  return { ok: true, bounds: { minCpc, maxCpc } };
}

/** A bound as the query string wants it: plain decimals (`1.5`, `0.05`), never `1e-7`. */
export function cpcBoundParam(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, '');
}

/** `minCpc` and `maxCpc` query values for the bounds that are set. */
export function cpcBoundsQuery(bounds: CpcBounds): { minCpc?: string; maxCpc?: string } {
  return {
    ...(bounds.minCpc !== null && { minCpc: cpcBoundParam(bounds.minCpc) }),
    ...(bounds.maxCpc !== null && { maxCpc: cpcBoundParam(bounds.maxCpc) }),
  };
}

const dollars = (value: number) => `$${value.toFixed(2)}`;

/** The applied filter in words: `$1.50 – $3.00`, `$1.50 or more`, `up to $3.00`. */
export function describeCpcBounds(bounds: CpcBounds): string {
  const { minCpc, maxCpc } = bounds;
  if (minCpc !== null && maxCpc !== null) return `${dollars(minCpc)} – ${dollars(maxCpc)}`;
  if (minCpc !== null) return `${dollars(minCpc)} or more`;
  if (maxCpc !== null) return `up to ${dollars(maxCpc)}`;
  return 'any';
}

/**
 * The export's query: metrics columns once metrics are loaded, and the bounds
 * for a filtered export (only the keywords inside them).
 */
export function keywordExportQuery({
  withMetrics,
  bounds = noCpcBounds,
}: {
  withMetrics: boolean;
  bounds?: CpcBounds;
}): KeywordExportQuery {
  return { ...(withMetrics && { metrics: 'true' as const }), ...cpcBoundsQuery(bounds) };
}
