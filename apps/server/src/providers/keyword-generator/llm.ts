import {
  constants,
  fitsLengthRule,
  messages,
  normalizeKeyword,
  tidyKeyword,
  type KeywordLengthRule,
} from '@keywright/contract';
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { createChatModel, LlmError, llmFailure, type LlmSettings } from '../llm/chat-model';
import type { KeywordGenerator, KeywordIdeasRequest, ProjectFacts } from './keyword-generator';
import { projectPhraseContext } from './offline';
import { createPhraseGate } from './phrase-quality';

export { LlmError, type LlmSettings } from '../llm/chat-model';

const answerSchema = z.object({ keywords: z.array(z.string()) });
const maxTries = 3;

const lengthWords: Record<KeywordLengthRule, string> = {
  '1-2': 'one or two words',
  '2': 'exactly two words',
  '2-3': 'two or three words',
  '3+': 'three or more words',
  '4+': 'four or more words',
  '3-4': 'three or four words',
  any: 'any number of words',
};

function describeProject(project: ProjectFacts): string {
  const facts: Array<[string, string]> = [
    ['Project name', project.name],
    ['Brand (the name people search for)', project.brand ?? ''],
    ['Product or service', project.productService],
    ['Target audience', project.targetAudience],
    ['Website', project.siteUrl],
    ['Competitors', project.competitors],
    ['Country', project.country],
    ['City', project.city],
    ['Language of the keywords', project.language || 'English'],
    ['From the project documents', (project.documentText ?? '').slice(0, 4000)],
    [
      'Searches that already show the website (Search Console, most seen first)',
      (project.searchQueries ?? [])
        .slice(0, 50)
        .map((searched) => searched.query)
        .join('; '),
    ],
  ];
  return facts
    .filter(([, value]) => value.trim())
    .map(([label, value]) => `${label}: ${value.trim()}`)
    .join('\n');
}

function buildPrompt(request: KeywordIdeasRequest, have: string[]): string {
  const avoid = [...request.avoid, ...have].slice(-300);
  return [
    describeProject(request.project),
    '',
    `Write ${request.count - have.length} search keywords people would type into Google to find this project's offer.`,
    `Each keyword has ${lengthWords[request.lengthRule]}. Mix commercial, local, comparison, audience and question intents.`,
    avoid.length ? `Do not repeat any of these keywords: ${avoid.join('; ')}` : '',
    'Answer with the JSON object {"keywords": ["..."]} and nothing else.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Keyword ideas from an OpenAI-compatible chat endpoint, checked and trimmed to the rules. */
export function createLlmKeywordGenerator(settings: LlmSettings): KeywordGenerator {
  const model = createChatModel(settings);

  return {
    name: 'llm',
    async generate(request) {
      const seen = new Set(request.avoid.map(normalizeKeyword));
      // A model's odd phrase is dropped like a malformed one; the next ask replaces it.
      const isSearchable = createPhraseGate(await projectPhraseContext(request.project));
      const keywords: string[] = [];
      for (let attempt = 1; attempt <= maxTries && keywords.length < request.count; attempt++) {
        let answer: z.infer<typeof answerSchema>;
        try {
          const result = await generateText({
            model,
            output: Output.object({ schema: answerSchema, name: 'keywords' }),
            system: 'You are an expert in search engine marketing and keyword research.',
            prompt: buildPrompt(request, keywords),
            temperature: 0.7,
            maxRetries: 0,
          });
          answer = result.output;
        } catch (error) {
          if (NoObjectGeneratedError.isInstance(error)) continue; // malformed: ask again
          throw llmFailure(error);
        }
        for (const raw of answer.keywords) {
          // Models sometimes number, bullet or quote their items.
          const keyword = tidyKeyword(raw.replace(/^\s*(\d+[.)]\s+|[-*•]\s+)/, '').replace(/^["']+|["'.]+$/g, ''));
          const key = normalizeKeyword(keyword);
          if (!keyword || keyword.length > constants.limits.keyword || seen.has(key)) continue;
          if (!fitsLengthRule(keyword, request.lengthRule) || isSearchable(keyword) !== null) continue;
          seen.add(key);
          keywords.push(keyword);
          if (keywords.length === request.count) break;
        }
        request.onProgress?.(keywords.length);
      }
      if (keywords.length === 0) {
        throw new LlmError(messages.llmNoUsableKeywords(maxTries));
      }
      return keywords;
    },
  };
}
