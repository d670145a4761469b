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
    response_format?: { type: string; json_schema?: { schema: unknown } };
    tools?: unknown;
  };
}

/**
 * A loopback stand-in for an OpenAI-compatible `POST /v1/chat/completions`,
 * answering from a script and recording every request.
 */
export interface FakeChatServer {
  baseUrl: string;
  requests: RecordedChatRequest[];
  script(...answers: FakeChatAnswer[]): void;
  close(): Promise<void>;
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const requests: RecordedChatRequest[] = [];
  let answers: FakeChatAnswer[] = [];
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
      const answer = answers.shift() ?? { status: 500, error: 'The fake has no scripted answer left' };
      requests.push({ headers: request.headers, body, answer, at: Date.now() });
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
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
