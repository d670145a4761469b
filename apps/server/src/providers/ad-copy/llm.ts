import { adLineLimit, type AdLineKind } from '@keywright/contract';
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { createChatModel, llmFailure, type LlmSettings } from '../llm/chat-model';
import type { AdCopyBrief, AdCopyWriter } from './ad-copy-writer';
import { adInputText, adLineCount, keepAdLines } from './ad-lines';
import { writeOfflineAdLines } from './offline';

const answerSchema = z.object({ lines: z.array(z.string()) });
const maxTries = 3;
/** More than needed: some lines always fail the checks. */
const askFor = 30;
/** The first keywords are the most important; a prompt of a thousand says no more. */
const promptKeywords = 60;

const kindRules: Record<AdLineKind, string> = {
  headlines: `Google Ads headlines of at most ${adLineLimit.headlines} characters each, in Title Case, with no exclamation mark and no full stop at the end`,
  descriptions: `Google Ads descriptions of at most ${adLineLimit.descriptions} characters each, each one or two full sentences ending in a full stop (at most one exclamation mark)`,
};

function buildPrompt(kind: AdLineKind, brief: AdCopyBrief, have: readonly string[]): string {
  const { project } = brief;
  const facts: Array<[string, string]> = [
    ['Business name', project.name],
    ['What it offers', project.description],
    ['Target audience', project.targetAudience],
    ['Website', project.siteUrl],
    ['City', project.city],
    ['Country', project.country],
  ];
  const language = project.language.trim() || 'English';
  return [
    ...facts.filter(([, value]) => value.trim()).map(([label, value]) => `${label}: ${value.trim()}`),
    `Keywords, most important first: ${brief.keywords.slice(0, promptKeywords).join('; ')}`,
    '',
    `Write ${askFor} ${kindRules[kind]}.`,
    `Write them in ${language}.`,
    'Use the keywords in most lines; also write lines about the offer, the place, the audience, the brand and a call to action that fits this kind of business.',
    'State only facts given above: no prices, discounts, free shipping, opening hours, years, awards, ratings or trials the text does not mention.',
    'No word in capitals unless it is written so above; no repeated punctuation; every line different.',
    have.length ? `Do not repeat these lines: ${have.join(' | ')}` : '',
    'Answer with the JSON object {"lines": ["..."]} and nothing else.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Models number, bullet and quote their items, and put a full stop after a headline. */
function tidyLine(kind: AdLineKind, raw: string): string {
  const line = raw
    .replace(/^\s*(?:\d+[.)]\s+|[-*•]\s+)/, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (kind === 'headlines') return line.replace(/\.$/, '');
  return line && !/[.!?]$/.test(line) ? `${line}.` : line;
}

/** Ad lines from an OpenAI-compatible chat endpoint, each through the same checks as the offline writer's. */
export function createLlmAdCopyWriter(settings: LlmSettings): AdCopyWriter {
  const model = createChatModel(settings);

  return {
    name: 'llm',
    async write(kind, brief) {
      const inputText = adInputText(brief);
      const count = adLineCount[kind];
      const lines: string[] = [];
      for (let attempt = 1; attempt <= maxTries && lines.length < count; attempt++) {
        let answer: z.infer<typeof answerSchema>;
        try {
          const result = await generateText({
            model,
            output: Output.object({ schema: answerSchema, name: 'ad_lines' }),
            system: 'You are an expert copywriter of Google Ads responsive search ads.',
            prompt: buildPrompt(kind, brief, lines),
            temperature: 0.7,
            maxRetries: 0,
          });
          answer = result.output;
        } catch (error) {
          if (NoObjectGeneratedError.isInstance(error)) continue; // malformed: ask again
          throw llmFailure(error);
        }
        // A line that breaks a rule (too long, "!!", capitals, a claim) is dropped whole, never cut.
        keepAdLines(
          kind,
          answer.lines.map((line) => tidyLine(kind, line)),
          inputText,
          lines,
        );
      }
      // The decision for a model that gives fewer than twenty good lines in its tries: the offline
      // writer's lines fill the rest, so a person always gets twenty, the model's first.
      if (lines.length < count) keepAdLines(kind, await writeOfflineAdLines(kind, brief), inputText, lines);
      return lines;
    },
  };
}
