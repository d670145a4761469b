import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { messages } from '@keywright/contract';
import { AISDKError, APICallError, type LanguageModel } from 'ai';
import { z } from 'zod';
import { createHttpClient, parseJson, UpstreamError, type HttpClientOptions } from '../../lib/http-client';

/** One OpenAI-compatible endpoint (`LLM_*`), shared by keyword generation, ad copy and document details. */
export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Time-out and retries of each request (default 120 s, as a local model can be slow; 2 retries). */
  http?: HttpClientOptions;
}

/** The language model failed; `message` is for people (a generation run shows it). */
export class LlmError extends UpstreamError {}

/** How people's texts name the model. */
export const llmService = 'The language model';

/** OpenAI's `{ error: { message } }`; Ollama and llama.cpp servers may send `{ error: "..." }`. */
const errorBodySchema = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });

/**
 * The chat model of the settings. Retries, time-outs and Retry-After are the shared client's, so
 * the SDK itself never retries. Structured output is a JSON schema in `response_format`, answered
 * in the message content: no tool calls, which Ollama, vLLM and llama.cpp servers each handle
 * differently.
 */
export function createChatModel(settings: LlmSettings): LanguageModel {
  const http = createHttpClient(llmService, { timeoutMs: 120_000, maxRetries: 2, ...settings.http });
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl.replace(/\/$/, ''),
    apiKey: settings.apiKey,
    fetch: http.fetch,
    supportsStructuredOutputs: true,
  });
  return provider.chatModel(settings.model);
}

/** The people's text for a failed call; the endpoint's own error text when it sent one. */
export function llmFailure(error: unknown): LlmError {
  if (error instanceof UpstreamError) return new LlmError(error.message, error.status);
  if (APICallError.isInstance(error) && error.statusCode) {
    const status = error.statusCode;
    // A 2xx the SDK could not parse: not JSON, cut off, or another shape.
    if (status < 300) return new LlmError(messages.upstreamUnreadable(llmService), status);
    const body = errorBodySchema.safeParse(parseJson(error.responseBody ?? ''));
    const text = body.success ? (typeof body.data.error === 'string' ? body.data.error : body.data.error.message) : '';
    return new LlmError(
      messages.upstreamFailed(llmService, text ? `${text} (HTTP ${status})` : `HTTP ${status}`),
      status,
    );
  }
  // Any other SDK error is about the answer's content (no status then): an answer it could not read.
  if (AISDKError.isInstance(error)) return new LlmError(messages.upstreamUnreadable(llmService));
  throw error;
}
