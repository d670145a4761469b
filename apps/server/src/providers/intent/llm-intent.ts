import { messages, normalizeKeyword, searchIntents, type SearchIntent } from '@keywright/contract';
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { createChatModel, LlmError, llmFailure, llmService, type LlmSettings } from '../llm/chat-model';
import { intentReadBatchSize, type IntentReader, type IntentReadRequest } from './intent-reader';

/** Intents as strings: an unknown one drops that keyword's entry, not the whole answer. */
export const intentAnswerSchema = z.object({
  keywords: z.array(z.object({ keyword: z.string(), intents: z.array(z.string()) })),
});
export type IntentAnswer = z.infer<typeof intentAnswerSchema>;

const maxTries = 3;
/** Bounds on the project's facts in the prompt (the keywords are bounded by their own limit). */
const maxFactLength = 200;
const maxCompetitors = 10;

const intentMeanings: Record<SearchIntent, string> = {
  informational: 'the searcher wants to learn or know something (a question, a topic, how-to, ideas)',
  navigational: 'the searcher wants one particular brand, site, page or place (a login, a brand name, its hours)',
  commercial: 'the searcher is comparing products, services or providers before choosing (best, reviews, vs, types)',
  transactional: 'the searcher is ready to act now (buy, order, book, hire, get a price or a quote, find one nearby)',
};

const fact = (text: string) => text.trim().slice(0, maxFactLength);

/** The prompt for one batch: the project's facts, the four intents, the keywords one a line. */
export function buildIntentPrompt(request: Pick<IntentReadRequest, 'project' | 'keywords'>): string {
  const { project } = request;
  const competitors = project.competitors.map(fact).filter(Boolean).slice(0, maxCompetitors);
  const places = project.places.map(fact).filter(Boolean);
  return [
    `Project (its own brand): ${fact(project.name)}`,
    competitors.length ? `Competitors (their brands): ${competitors.join('; ')}` : '',
    places.length ? `Place: ${places.join(', ')}` : '',
    '',
    'Give the search intent of each keyword below, as a marketer reads it. The intents are:',
    ...searchIntents.map((intent) => `- ${intent}: ${intentMeanings[intent]}`),
    'Give one intent, or two when the searcher plausibly means both, the stronger first.',
    'A keyword naming the project or a competitor is navigational, alone or beside the other intent.',
    '',
    'Keywords, one a line:',
    ...request.keywords.slice(0, intentReadBatchSize),
    '',
    'Answer with the JSON object {"keywords": [{"keyword": "...", "intents": ["..."]}]}, one entry for each keyword as written above, and nothing else.',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
}

/**
 * The answer's intents for the keywords asked, keyed by the keyword as asked (matched after
 * normalizing, as models change case and spacing). An entry for a keyword not asked, or with no
 * known intent, is dropped; unknown intents are dropped, the first two known ones kept; the first
 * entry of a keyword wins.
 */
export function readIntentAnswer(answer: IntentAnswer, keywords: readonly string[]): Map<string, SearchIntent[]> {
  const asked = new Map(keywords.map((keyword) => [normalizeKeyword(keyword), keyword]));
  const known = new Set<string>(searchIntents);
  const read = new Map<string, SearchIntent[]>();
  for (const entry of answer.keywords) {
    const keyword = asked.get(normalizeKeyword(entry.keyword));
    if (keyword === undefined || read.has(keyword)) continue;
    const intents = [...new Set(entry.intents.map((intent) => intent.trim().toLowerCase()))]
      .filter((intent): intent is SearchIntent => known.has(intent))
      .slice(0, 2);
    if (intents.length > 0) read.set(keyword, intents);
  }
  return read;
}

/**
 * Intents from an OpenAI-compatible chat endpoint. A malformed answer is asked again, and so are
 * the keywords an answer left out, up to three asks; an answer with nothing usable after them is a failure.
 */
export function createLlmIntentReader(settings: LlmSettings): IntentReader {
  const model = createChatModel(settings);

  return {
    name: 'llm',
    async read({ project, keywords, signal }) {
      const read = new Map<string, SearchIntent[]>();
      let missing = [...new Set(keywords.slice(0, intentReadBatchSize))];
      for (let attempt = 1; attempt <= maxTries && missing.length > 0; attempt++) {
        let answer: IntentAnswer;
        try {
          const result = await generateText({
            model,
            output: Output.object({ schema: intentAnswerSchema, name: 'keyword_intents' }),
            system: 'You are an expert in search engine marketing and keyword research.',
            prompt: buildIntentPrompt({ project, keywords: missing }),
            temperature: 0,
            maxRetries: 0,
            abortSignal: signal,
          });
          answer = result.output;
        } catch (error) {
          if (NoObjectGeneratedError.isInstance(error)) continue; // malformed: ask again
          if (signal?.aborted) throw error;
          throw llmFailure(error);
        }
        for (const [keyword, intents] of readIntentAnswer(answer, missing)) read.set(keyword, intents);
        missing = missing.filter((keyword) => !read.has(keyword));
      }
      if (read.size === 0 && keywords.length > 0) throw new LlmError(messages.upstreamUnreadable(llmService));
      return read;
    },
  };
}
