import { mergeProjectDetails, messages, type ProjectDetails } from '@keywright/contract';
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { placeKey } from '../metrics/estimate-data';
import { createChatModel, LlmError, llmFailure, llmService, type LlmSettings } from '../llm/chat-model';
import type { DetailsExtractor, DocumentText } from './details-extractor';
import { fitToLimits } from './offline';

const answerSchema = z.object({
  projectName: z.string(),
  siteUrl: z.string(),
  targetAudience: z.string(),
  productService: z.string(),
  competitors: z.string(),
  country: z.string(),
  city: z.string(),
  language: z.string(),
});
const maxTries = 3;
/** Characters of document text a request carries, at most (about 3,000 tokens). */
export const chunkChars = 12_000;
/** Requests one extraction makes, at most: a long document is read from its start. */
export const maxChunks = 4;

export interface TextChunk {
  name: string;
  text: string;
}

/**
 * Documents cut into chunks of at most `chunkChars`, at paragraph breaks where there are any;
 * every document's first chunk before any document's second, at most `maxChunks` in all.
 */
export function chunkDocuments(documents: readonly DocumentText[]): TextChunk[] {
  const perDocument = documents.map((document) =>
    splitText(document.text).map((text) => ({ name: document.name, text })),
  );
  const chunks: TextChunk[] = [];
  for (let round = 0; chunks.length < maxChunks; round++) {
    const next = perDocument.map((list) => list[round]).filter((chunk) => chunk !== undefined);
    if (!next.length) break;
    chunks.push(...next.slice(0, maxChunks - chunks.length));
  }
  return chunks;
}

function splitText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of text.trim().split(/\n{2,}/)) {
    let rest = paragraph;
    while (rest.length > chunkChars) {
      // A paragraph longer than a chunk is cut at its last space within it.
      const space = rest.lastIndexOf(' ', chunkChars);
      const cut = space > chunkChars / 2 ? space : chunkChars;
      if (current) chunks.push(current);
      chunks.push(rest.slice(0, cut).trim());
      current = '';
      rest = rest.slice(cut).trim();
    }
    if (current && current.length + 2 + rest.length > chunkChars) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${rest}` : rest;
  }
  if (current.trim()) chunks.push(current);
  return chunks;
}

function buildPrompt(chunk: TextChunk): string {
  return [
    'Read the document below and say what project, product or business it describes, as a JSON object with these fields:',
    'projectName: the product, project or company name;',
    'siteUrl: its own website, exactly as written in the document (not a badge, CDN, code host or licence link);',
    'targetAudience: who it is for, in a few words;',
    'productService: what it offers, in one to three sentences;',
    'competitors: competing products or companies the document names, separated by commas;',
    'country and city: where the business is or sells, in English;',
    'language: the English name of the language the document is written in (English, German, French, ...).',
    'Use an empty string for anything the document does not say; never guess a website, a competitor or a place.',
    'Answer with the JSON object and nothing else.',
    '',
    `Document "${chunk.name}":`,
    '<<<',
    chunk.text,
    '>>>',
  ].join('\n');
}

/** Words of a value, accents and case aside ("São Paulo" -> ["sao", "paulo"]). */
function keyWords(value: string): string[] {
  return placeKey(value).split(' ').filter(Boolean);
}

/** Whether every word of the value (of three letters or more) is in the text: the model did not invent it. */
function isInText(value: string, textKeys: Set<string>): boolean {
  const words = keyWords(value).filter((word) => word.length >= 3);
  return words.every((word) => textKeys.has(word));
}

/** The answer checked against the chunk: a URL, name, competitor or city the text does not contain is dropped. */
export function checkAnswer(answer: ProjectDetails, text: string): ProjectDetails {
  const textKeys = new Set(keyWords(text));
  const lowerText = text.toLowerCase();
  const clean = (value: string) => value.replace(/\s+/g, ' ').trim();
  let siteUrl = clean(answer.siteUrl);
  if (siteUrl && !/^https?:\/\//i.test(siteUrl)) siteUrl = `https://${siteUrl}`;
  let host = '';
  try {
    host = siteUrl ? new URL(siteUrl).hostname.toLowerCase().replace(/^www\./, '') : '';
  } catch {
    host = '';
  }
  const competitors = clean(answer.competitors)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && isInText(name, textKeys));
  return {
    projectName: isInText(answer.projectName, textKeys) ? clean(answer.projectName) : '',
    siteUrl: host && lowerText.includes(host) ? siteUrl : '',
    targetAudience: clean(answer.targetAudience),
    productService: clean(answer.productService),
    competitors: competitors.join(', '),
    // A country may follow from a city ("Leipzig" -> Germany); a city must be in the text.
    country: clean(answer.country),
    city: isInText(answer.city, textKeys) ? clean(answer.city) : '',
    language: clean(answer.language),
  };
}

/** Project details from an OpenAI-compatible chat endpoint, a request per chunk, checked against the text. */
export function createLlmDetailsExtractor(settings: LlmSettings): DetailsExtractor {
  const model = createChatModel(settings);

  async function extractChunk(chunk: TextChunk): Promise<ProjectDetails> {
    for (let attempt = 1; attempt <= maxTries; attempt++) {
      try {
        const result = await generateText({
          model,
          output: Output.object({ schema: answerSchema, name: 'project_details' }),
          system: 'You read business and product documents and extract facts for keyword research.',
          prompt: buildPrompt(chunk),
          temperature: 0,
          maxRetries: 0,
        });
        return checkAnswer(result.output, chunk.text);
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error)) continue; // malformed: ask again
        throw llmFailure(error);
      }
    }
    throw new LlmError(messages.upstreamUnreadable(llmService));
  }

  return {
    name: 'llm',
    async extract(documents) {
      const all: ProjectDetails[] = [];
      // One at a time: a local model serves one request well, not four at once.
      for (const chunk of chunkDocuments(documents)) all.push(await extractChunk(chunk));
      return fitToLimits(mergeProjectDetails(all));
    },
  };
}
