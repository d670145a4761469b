import type { ServerResponse } from 'node:http';

/**
 * Ways an outside service fails below its protocol, shared by the loopback fakes. Answers with a
 * status (429 with or without Retry-After, 5xx) are each fake's own, in its service's error format.
 */
export type HttpFault =
  /** Takes the request and never answers. */
  | 'no-answer'
  /** Sends the headers and the first half of the body, then nothing more. */
  | 'stalled-body'
  /** 200 with the JSON answer cut off halfway: a complete HTTP answer whose body does not parse. */
  | 'truncated-json'
  /** 200 with an HTML page, as a captive portal or a base URL that points at a web site answers. */
  | 'html'
  /** 502 with the HTML error page of a proxy in front of the service. */
  | 'html-502'
  /** 200 with valid JSON of another shape. */
  | 'wrong-schema';

export const httpFaults: readonly HttpFault[] = [
  'no-answer',
  'stalled-body',
  'truncated-json',
  'html',
  'html-502',
  'wrong-schema',
];

const htmlPage = (title: string) =>
  `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><hr><p>nginx</p></body></html>\n`;

/**
 * Answers with `fault`. `answer` is what the service would have sent (cut for the stalled and
 * truncated faults), `wrongShape` the valid JSON of the wrong shape this service might send.
 */
export function answerWithFault(
  response: ServerResponse,
  fault: HttpFault,
  bodies: { answer: unknown; wrongShape: unknown },
): void {
  const json = JSON.stringify(bodies.answer);
  const half = json.slice(0, Math.max(1, Math.floor(json.length / 2)));
  switch (fault) {
    case 'no-answer':
      return;
    case 'stalled-body':
      // The length promises the whole body; half of it comes, then silence.
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(json)),
      });
      response.write(half);
      return;
    case 'truncated-json':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(half);
      return;
    case 'html':
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(htmlPage('Welcome'));
      return;
    case 'html-502':
      response.writeHead(502, { 'content-type': 'text/html; charset=utf-8' });
      response.end(htmlPage('502 Bad Gateway'));
      return;
    case 'wrong-schema':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(bodies.wrongShape));
      return;
  }
}
