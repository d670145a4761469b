import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake: a message content, or an HTTP error. */
export type FakeChatAnswer = { content: string } | { status: number; error: string } | { hang: true };

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
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: answer.error, type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_790_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        }),
      );
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
