import type { Env } from '../env';
import type { KeywordGenerator } from './keyword-generator/keyword-generator';
import { createLlmKeywordGenerator } from './keyword-generator/llm';
import { createOfflineKeywordGenerator } from './keyword-generator/offline';

/** Every outside system the app talks to, each behind its interface. */
export interface Providers {
  keywordGenerator: KeywordGenerator;
}

/** Real clients where the environment configures them, offline defaults elsewhere. */
export function createProviders(env: Env): Providers {
  return {
    keywordGenerator:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? createLlmKeywordGenerator({ baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL })
        : createOfflineKeywordGenerator(),
  };
}
