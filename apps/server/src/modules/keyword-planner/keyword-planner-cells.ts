import { constants, type Competition } from '@keywright/contract';
import type { Read } from '../../lib/figure-cells';

// What a Keyword Planner cell may hold: how its numbers, ranges, bids and competition levels are
// written (the characters no keyword may have are in lib/text-pieces.ts).

const DIGITS = /^\d+$/;
const GROUPED_DIGITS = /^\d{1,3}(,\d{3})+$/;
const RANGE = /^(\d+(?:\.\d+)?)\s*([KMB]?)\s*[-–—]\s*(\d+(?:\.\d+)?)\s*([KMB]?)$/i;
const SCALE: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9 };
const DECIMAL = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

function safeWhole(value: number): number | undefined {
  return Number.isSafeInteger(value) ? value : undefined;
}

/** An exact count ("1,900"), or a range ("1K – 10K", "100 - 1K") as its lower bound. */
export function readSearches(text: string): Read<number> {
  if (text === '') return null;
  if (DIGITS.test(text)) return safeWhole(Number(text));
  if (GROUPED_DIGITS.test(text)) return safeWhole(Number(text.replaceAll(',', '')));
  const range = RANGE.exec(text);
  if (!range) return undefined;
  const low = Math.round(Number(range[1]) * SCALE[range[2]!.toUpperCase()]!);
  const high = Math.round(Number(range[3]) * SCALE[range[4]!.toUpperCase()]!);
  return low <= high ? safeWhole(low) : undefined;
}

/** 0-100. */
export function readIndex(text: string): Read<number> {
  if (text === '') return null;
  const value = Number(text);
  return /^\d{1,3}$/.test(text) && value <= 100 ? value : undefined;
}

/** A bid in the file's currency ("1.23", "1,250.00") as micro-units. */
export function readMicros(text: string): Read<number> {
  if (text === '') return null;
  if (!DECIMAL.test(text)) return undefined;
  const units = Number(text.replaceAll(',', ''));
  return units <= constants.limits.maxCpc ? Math.round(units * constants.microsPerUnit) : undefined;
}

export function readCompetition(text: string): Competition | null {
  const level = text.toLowerCase();
  return constants.competitionLevels.find((name) => name.toLowerCase() === level) ?? null;
}
