import type { NegativeMatchType, NegativeSuggestion } from '@keywright/contract';

/** A chosen suggestion as a negative list takes it: its ad group named, or null for the whole campaign. */
export interface SuggestionItem {
  text: string;
  match_type: NegativeMatchType;
  ad_group: string | null;
}

/** The chosen suggestions as the items of one add call, each at its level. */
export const suggestionItems = (chosen: readonly NegativeSuggestion[]): SuggestionItem[] =>
  chosen.map((item) => ({
    text: item.text,
    match_type: item.match_type,
    ad_group: item.level === 'ad_group' ? item.ad_group : null,
  }));
