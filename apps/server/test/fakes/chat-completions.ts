import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithFault, type HttpFault } from './faults';

/**
 * One scripted answer of the fake: a message content, an HTTP error in OpenAI's format (with a
 * `Retry-After` when given), a fault of the HTTP exchange itself, or no answer at all (`hang`).
 */
export type FakeChatAnswer =
  { content: string } | { status: number; error: string; retryAfter?: string } | { fault: HttpFault } | { hang: true };

export interface RecordedChatRequest {
  headers: IncomingMessage['headers'];
  answer: FakeChatAnswer;
  at: number;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { schema: unknown; name?: string } };
    tools?: unknown;
  };
}

/** An answer to a keyword-intent read worked out from the keywords it asks about. */
export type FakeIntentAnswer = FakeChatAnswer | ((keywords: string[]) => FakeChatAnswer);

/** The keywords a keyword-intent read asks about: the prompt's lines after "Keywords, one a line:" (providers/intent/llm-intent.ts). */
export function askedIntentKeywords(body: RecordedChatRequest['body']): string[] {
  const prompt = body.messages.findLast((message) => message.role === 'user')?.content ?? '';
  const lines = prompt.split('\n');
  const start = lines.indexOf('Keywords, one a line:');
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** What the fake answers a keyword-intent read once its intent script is used up: every keyword asked, commercial. */
export const everyKeywordCommercial = (keywords: string[]): FakeChatAnswer => ({
  content: JSON.stringify({ keywords: keywords.map((keyword) => ({ keyword, intents: ['commercial'] })) }),
});

const isIntentRead = (body: RecordedChatRequest['body']) =>
  body.response_format?.json_schema?.name === 'keyword_intents';

/**
 * A loopback stand-in for an OpenAI-compatible `POST /v1/chat/completions`,
 * answering from a script and recording every request.
 */
export interface FakeChatServer {
  baseUrl: string;
  requests: RecordedChatRequest[];
  script(...answers: FakeChatAnswer[]): void;
  /**
   * Keyword-intent reads (the `keyword_intents` schema), which a server with a model makes in the
   * background after keywords are added: answered from their own script and recorded apart, so a
   * test of another call counts and scripts only its own. Once the script is used up, `everyKeywordCommercial`.
   */
  intentRequests: RecordedChatRequest[];
  scriptIntents(...answers: FakeIntentAnswer[]): void;
  close(): Promise<void>;
}

/**
 * `otherwise`: what a call other than an intent read gets once the script is used up (by default a 500),
 * for a server that makes calls of its own for as long as it runs (the crash loop's).
 */
export async function startFakeChatServer({
  otherwise,
}: { otherwise?: (body: RecordedChatRequest['body']) => FakeChatAnswer } = {}): Promise<FakeChatServer> {
  const requests: RecordedChatRequest[] = [];
  let answers: FakeChatAnswer[] = [];
  const intentRequests: RecordedChatRequest[] = [];
  let intentAnswers: FakeIntentAnswer[] = [];
  const nextIntentAnswer = (body: RecordedChatRequest['body']): FakeChatAnswer => {
    const next = intentAnswers.shift() ?? everyKeywordCommercial;
    return typeof next === 'function' ? next(askedIntentKeywords(body)) : next;
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }));
        return;
      }
      const body = JSON.parse(raw) as RecordedChatRequest['body'];
      let answer: FakeChatAnswer;
      if (isIntentRead(body)) {
        answer = nextIntentAnswer(body);
        intentRequests.push({ headers: request.headers, body, answer, at: Date.now() });
      } else {
        answer = answers.shift() ?? otherwise?.(body) ?? { status: 500, error: 'The fake has no scripted answer left' };
        requests.push({ headers: request.headers, body, answer, at: Date.now() });
      }
      if ('hang' in answer) return; // never answers, like an endpoint that stalls
      if ('status' in answer) {
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}),
        });
        response.end(JSON.stringify({ error: { message: answer.error, type: 'server_error' } }));
        return;
      }
      const completion = (content: string) => ({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 1_790_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      });
      if ('fault' in answer) {
        answerWithFault(response, answer.fault, {
          answer: completion(JSON.stringify({ keywords: ['coffee beans', 'coffee club'] })),
          // The model list, as a base URL routed to the wrong call answers.
          wrongShape: { object: 'list', data: [{ id: body.model, object: 'model', owned_by: 'fake' }] },
        });
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(completion(answer.content)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...next) => {
      answers = next;
    },
    intentRequests,
    scriptIntents: (...next) => {
      intentAnswers = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
