import type { GenerateFilteredKeywordsAnswer, MoreKeywordsLength } from '@keywright/contract';

type Settings = { keywordLength: MoreKeywordsLength; minCpc: number | null; maxCpc: number | null };

/**
 * The wider settings a shortfall notice of Generate More (or the analysis dialog) suggests, for
 * a rerun in one click: without the CPC bounds when they turned keywords away, else any number
 * of words (messages.keywordsShortfall's 'more' hints); none when already asked for any of both.
 */
export function widerSettings(asked: Settings, byCpcRange: boolean): Pick<GenerateFilteredKeywordsAnswer, 'wider'> {
  if (byCpcRange) return { wider: { keywordLength: asked.keywordLength, minCpc: null, maxCpc: null } };
  if (asked.keywordLength !== 'any')
    return { wider: { keywordLength: 'any', minCpc: asked.minCpc, maxCpc: asked.maxCpc } };
  return {};
}
