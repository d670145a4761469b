import type { AdLineKind, AdProjectInfo } from '@keywright/contract';

/** What an ad is written from: a list's keywords and its project's facts. */
export interface AdCopyBrief {
  /** 1 to 1,000 keywords, the most important first. */
  keywords: readonly string[];
  project: AdProjectInfo;
}

/**
 * Ad headlines or descriptions for a brief: the offline writer or an LLM. `write` answers exactly
 * `constants.headlines.count` (or `descriptions.count`) lines, each within its limit, never cut
 * mid-word, unique after case-folding and ignoring punctuation (see `ad-lines.ts`).
 */
export interface AdCopyWriter {
  readonly name: 'offline' | 'llm';
  write(kind: AdLineKind, brief: AdCopyBrief): Promise<string[]>;
}
