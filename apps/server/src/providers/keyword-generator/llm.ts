import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  constants,
  fitsLengthRule,
  messages,
  normalizeKeyword,
  tidyKeyword,
  type KeywordLengthRule,
} from '@keywright/contract';
import { AISDKError, APICallError, generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { createHttpClient, parseJson, UpstreamError, type HttpClientOptions } from '../../lib/http-client';
import type { KeywordGenerator, KeywordIdeasRequest, ProjectFacts } from './keyword-generator';
import { projectPhraseContext } from './offline';
import { createPhraseGate } from './phrase-quality';

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Time-out and retries of each request (default 120 s, as a local model can be slow; 2 retries). */
  http?: HttpClientOptions;
}

/** The language model failed; `message` is for people (a generation run shows it). */
export class LlmError extends UpstreamError {}

const service = 'The language model';

const answerSchema = z.object({ keywords: z.array(z.string()) });
/** OpenAI's `{ error: { message } }`; Ollama and llama.cpp servers may send `{ error: "..." }`. */
const errorBodySchema = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });
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
    ['Product or service', project.productService],
    ['Target audience', project.targetAudience],
    ['Website', project.siteUrl],
    ['Competitors', project.competitors],
    ['Country', project.country],
    ['City', project.city],
    ['Language of the keywords', project.language || 'English'],
    ['From the project documents', (project.documentText ?? '').slice(0, 4000)],
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

/** The people's text for a failed call; the endpoint's own error text when it sent one. */
function failureOf(error: unknown): LlmError {
  if (error instanceof UpstreamError) return new LlmError(error.message, error.status);
  if (APICallError.isInstance(error) && error.statusCode) {
    const status = error.statusCode;
    // A 2xx the SDK could not parse: not JSON, cut off, or another shape.
    if (status < 300) return new LlmError(messages.upstreamUnreadable(service), status);
    const body = errorBodySchema.safeParse(parseJson(error.responseBody ?? ''));
    const text = body.success ? (typeof body.data.error === 'string' ? body.data.error : body.data.error.message) : '';
    return new LlmError(messages.upstreamFailed(service, text ? `${text} (HTTP ${status})` : `HTTP ${status}`), status);
  }
  // Any other SDK error is about the answer's content (no status then): an answer it could not read.
  if (AISDKError.isInstance(error)) return new LlmError(messages.upstreamUnreadable(service));
  throw error;
}

/** Keyword ideas from an OpenAI-compatible chat endpoint, checked and trimmed to the rules. */
export function createLlmKeywordGenerator(settings: LlmSettings): KeywordGenerator {
  // Retries, time-outs and Retry-After are the shared client's, so the SDK itself never retries.
  const http = createHttpClient(service, { timeoutMs: 120_000, maxRetries: 2, ...settings.http });
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl.replace(/\/$/, ''),
    apiKey: settings.apiKey,
    fetch: http.fetch,
    // A JSON schema in response_format, answered in the message content: no tool calls,
    // which Ollama, vLLM and llama.cpp servers each handle differently.
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(settings.model);

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
          throw failureOf(error);
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
        throw new LlmError(`The language model gave no usable keywords in ${maxTries} tries.`);
      }
      return keywords;
    },
  };
}
