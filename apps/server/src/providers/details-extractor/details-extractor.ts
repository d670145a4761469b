import type { ProjectDetails } from '@keywright/contract';

/** One readable document: its file name and the plain text extracted from it. */
export interface DocumentText {
  name: string;
  text: string;
}

/**
 * Project details from document text (name, site, audience, product or service, competitors,
 * country, city, language): the offline heuristics or an LLM. Fields no document states are ''.
 */
export interface DetailsExtractor {
  readonly name: 'offline' | 'llm';
  extract(documents: readonly DocumentText[]): Promise<ProjectDetails>;
}
