import { constants, messages, normalizeKeyword, tidyKeyword } from '@keywright/contract';
import { cellAt, NumberCells } from '../../lib/figure-cells';
import { cellProblem, detached, shownCell, type CellProblem } from '../../lib/text-pieces';
import {
  isEmptyCell,
  readCount,
  readDecimal,
  readMatchType,
  readPercent,
  readStatus,
  type MatchType,
  type SearchTermStatus,
} from './search-terms-cells';
import type { Columns } from './search-terms-columns';

// A search terms report's data rows made into terms to store: each kept once per campaign, ad group
// and match type, an unreadable one skipped with its line and why. The file around them (encoding,
// title lines, header, totals, limits) is read in search-terms-file.ts.

export interface SearchTermRow {
  /** As people typed it, spaces tidied (see `tidyKeyword`). */
  term: string;
  normalized: string;
  /** The match type of the keyword that showed the ad, close variants included; null when not given. */
  matchType: MatchType | null;
  /** Added/Excluded; null when the file has no such column or writes something else. */
  status: SearchTermStatus | null;
  campaign: string | null;
  adGroup: string | null;
  /** The keyword that showed the ad, as the file writes it (`[exact]`, `"phrase"`). */
  keyword: string | null;
  clicks: number | null;
  impressions: number | null;
  /** Click-through rate as a fraction (the file's "3.45%" is 0.0345). */
  ctr: number | null;
  /** Money is in the file's currency (`SearchTermsReport.currency`), in units ("12.34"), not micros. */
  cost: number | null;
  avgCpc: number | null;
  /** May be a fraction (conversions shared between clicks). */
  conversions: number | null;
  convValue: number | null;
  costPerConv: number | null;
}

export interface SearchTermsSkip {
  /** The file's line the row starts on, the first title line being line 1. */
  line: number;
  term: string;
  reason: string;
}

/** Google Ads' longest campaign and ad group name. */
const MAX_NAME_CHARS = 255;

/** Why a row whose search term cannot be kept is skipped. */
const skipReasons: Record<CellProblem, string> = {
  blank: messages.searchTermsSkipBlank,
  tooLong: messages.searchTermsSkipTooLong(constants.limits.keyword),
  invalid: messages.searchTermsSkipInvalid,
};

export class SearchTermRows {
  readonly rows: SearchTermRow[] = [];
  /** The first skipped rows. */
  readonly skipped: SearchTermsSkip[] = [];
  /** The currency code every stored row gives so far (undefined before the first), or null once two differ. */
  private code: string | null | undefined;
  private readonly seen = new Set<string>();
  /** Campaign, ad group and keyword texts, kept once however many rows repeat them. */
  private readonly names = new Map<string, string>();

  constructor(
    private readonly columns: Columns,
    private readonly reportedSkips: number,
  ) {}

  get currency(): string | null {
    return this.code ?? null;
  }

  read(cells: string[], line: number): void {
    const { columns } = this;
    const cell = tidyKeyword(cells[columns.term] ?? '');
    const term = cell === '--' ? '' : cell;
    const problem = cellProblem(term, constants.limits.keyword);
    if (problem) return this.skip(line, term, skipReasons[problem]);

    const campaign = this.nameAt(cells, columns.campaign);
    const adGroup = this.nameAt(cells, columns.adGroup);
    const keyword = this.nameAt(cells, columns.keyword);
    const unnamed = [campaign, adGroup, keyword].indexOf(undefined);
    if (unnamed !== -1) {
      const column = [columns.campaign, columns.adGroup, columns.keyword][unnamed]!;
      return this.skip(line, term, messages.searchTermsSkipBadText(columns.names[column]!));
    }

    const numbers = new NumberCells(cells);
    const figures = {
      clicks: numbers.read(columns.clicks, readCount),
      impressions: numbers.read(columns.impressions, readCount),
      ctr: numbers.read(columns.ctr, readPercent),
      cost: numbers.read(columns.cost, readDecimal),
      avgCpc: numbers.read(columns.avgCpc, readDecimal),
      conversions: numbers.read(columns.conversions, readDecimal),
      convValue: numbers.read(columns.convValue, readDecimal),
      costPerConv: numbers.read(columns.costPerConv, readDecimal),
    };
    if (numbers.unreadable !== -1) {
      return this.skip(line, term, messages.searchTermsSkipBadNumber(columns.names[numbers.unreadable]!));
    }

    const kept = detached(term);
    const normalized = normalizeKeyword(kept);
    const matchType = readMatchType(cellAt(cells, columns.matchType));
    const key = JSON.stringify([normalized, campaign, adGroup, matchType]);
    if (this.seen.has(key)) return this.skip(line, term, messages.searchTermsSkipDuplicate);
    this.seen.add(key);
    this.noteCurrency(cellAt(cells, columns.currency));
    this.rows.push({
      term: kept,
      normalized,
      matchType,
      status: readStatus(cellAt(cells, columns.status)),
      campaign: campaign!,
      adGroup: adGroup!,
      keyword: keyword!,
      ...figures,
    });
  }

  private skip(line: number, term: string, reason: string): void {
    if (this.skipped.length < this.reportedSkips)
      this.skipped.push({ line, term: shownCell(term, constants.limits.keyword), reason });
  }

  /** A campaign, ad group or keyword cell, tidied; null when empty, undefined when it cannot be kept. */
  private nameAt(cells: string[], column: number): string | null | undefined {
    const text = tidyKeyword(cellAt(cells, column));
    if (isEmptyCell(text)) return null;
    if (cellProblem(text, MAX_NAME_CHARS)) return undefined;
    let kept = this.names.get(text);
    if (kept === undefined) {
      kept = detached(text);
      this.names.set(kept, kept);
    }
    return kept;
  }

  /** A code that is no currency code ("US Dollar") leaves the file's currency unknown, as two codes do. */
  private noteCurrency(cell: string): void {
    if (isEmptyCell(cell) || this.code === null) return;
    const code = /^[a-z]{3}$/i.test(cell) ? cell.toUpperCase() : null;
    this.code = this.code === undefined || this.code === code ? code : null;
  }
}
