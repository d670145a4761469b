import type { KeywordLengthRule } from '@keywright/contract';

/** The facts of a project that keyword ideas come from. */
export interface ProjectFacts {
  name: string;
  /** The name people search for, used for brand searches; empty or absent: the name. */
  brand?: string;
  productService: string;
  targetAudience: string;
  siteUrl: string;
  competitors: string;
  country: string;
  city: string;
  language: string;
  /** Text of imported documents, when there is any. */
  documentText?: string;
  /**
   * Queries people typed before they saw the site (Search Console), the most seen first, with
   * their impressions: the project's real vocabulary, searched as they are when they fit.
   */
  searchQueries?: ReadonlyArray<{ query: string; impressions: number }>;
}

export interface KeywordIdeasRequest {
  project: ProjectFacts;
  count: number;
  lengthRule: KeywordLengthRule;
  /** Keywords the project has already (any form); none of them may come back. */
  avoid: readonly string[];
  /** Told how many keywords are ready so far, for long generations. */
  onProgress?: (generated: number) => void;
}

/** Keyword ideas for a project: the offline generator or an LLM. */
export interface KeywordGenerator {
  readonly name: 'offline' | 'llm';
  generate(request: KeywordIdeasRequest): Promise<string[]>;
}
