// The load generator's HTTP client: node:http on keep-alive agents, one per server, calls spread round-robin.
import http from 'node:http';
import { buildPath, type Endpoint, type HttpMethod } from '@keywright/contract';
import { multipart, type MultipartFile } from '../../apps/server/test/support/multipart';

/** The app's public URL during a load run; calls that change something say they come from it, as a browser does. */
export const LOAD_ORIGIN = 'http://localhost:3000';

export interface Call {
  method: HttpMethod;
  /** Path and query string. */
  path: string;
  body?: unknown;
  /** A file sent as multipart/form-data, as the browser's upload does (instead of a JSON body). */
  upload?: MultipartFile;
  token?: string;
  headers?: Record<string, string>;
  /** The id the call acts on, for the journey to settle its state by. */
  subject?: number;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A call of a contract endpoint: method and path from the contract, the query string from `query` (empty values left out). */
export function endpointCall(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  options: {
    token: string;
    params?: Record<string, string | number>;
    query?: Record<string, string | number>;
    body?: unknown;
  },
): Call {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== '') query.set(name, String(value));
  const search = query.toString() ? `?${query}` : '';
  return {
    method: endpoint.method,
    path: `${buildPath(endpoint.path, options.params)}${search}`,
    body: options.body,
    token: options.token,
  };
}

export function json<T>(answer: Answer): T {
  return JSON.parse(answer.body.toString('utf8')) as T;
}

export class LoadClient {
  private readonly targets: Array<{ hostname: string; port: number; agent: http.Agent }>;
  private next = 0;

  constructor(
    baseUrls: readonly string[],
    private readonly timeoutMs = 30_000,
  ) {
    this.targets = baseUrls.map((baseUrl) => {
      const url = new URL(baseUrl);
      // A browser holds a few connections per user; 64 per server is plenty at a few hundred calls a second.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
      return { hostname: url.hostname, port: Number(url.port), agent };
    });
  }

  /** Sends to the next server in turn; resolves with the whole answer, rejects on a network error or timeout. */
  send(call: Call): Promise<Answer> {
    const target = this.targets[this.next++ % this.targets.length]!;
    const form = call.upload ? multipart([call.upload]) : undefined;
    const payload = form?.payload ?? (call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body)));
    const headers: Record<string, string | number> = { ...call.headers };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.method !== 'GET') headers.origin = LOAD_ORIGIN;
    if (payload) {
      headers['content-type'] = form?.headers['content-type'] ?? 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: call.method,
          path: call.path,
          headers,
          agent: target.agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      request.setTimeout(this.timeoutMs, () => request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** Sends and insists on `status`; for preparing data, where anything else is a failure. */
  async expect(call: Call, status: number): Promise<Answer> {
    const answer = await this.send(call);
    if (answer.status !== status) {
      throw new Error(`${call.method} ${call.path}: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    }
    return answer;
  }

  close(): void {
    for (const target of this.targets) target.agent.destroy();
  }
}
