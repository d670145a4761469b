import type { SearchIntent } from '@keywright/contract';

/** Keywords one `read` takes at most: the prompt, and the model's answer, stay a bounded size. */
export const intentReadBatchSize = 100;

/** What a keyword's intent is read against: the project's own name, its competitors and its place. */
export interface IntentReadProject {
  name: string;
  competitors: readonly string[];
  /** The project's city and country, those it has. */
  places: readonly string[];
}

export interface IntentReadRequest {
  project: IntentReadProject;
  /** At most `intentReadBatchSize` keywords, as stored. */
  keywords: readonly string[];
  /** Given up on (the process stops): the read throws. */
  signal?: AbortSignal;
}

/**
 * Reads the search intents of keywords the rules left open (`readIntent`'s `open`). The offline
 * reader answers nothing, so the rules' defaults stay; the LLM reader asks the model.
 */
export interface IntentReader {
  readonly name: 'offline' | 'llm';
  /**
   * One or two intents (strongest first) for each keyword it could read, keyed by the keyword as
   * given; a keyword it could not read is absent. Throws when the model fails or answers nothing usable.
   */
  read(request: IntentReadRequest): Promise<Map<string, SearchIntent[]>>;
}

/** Without a model no keyword is read again: the rules' reading is the answer. */
export function createOfflineIntentReader(): IntentReader {
  return {
    name: 'offline',
    read: async () => new Map(),
  };
}
