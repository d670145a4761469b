/**
 * better-auth reads the identity provider's discovery document when it starts, with no time-out
 * of its own (only its later retries have one, of 10 s): a provider that takes the connection and
 * never answers would hold Keywright's start-up for as long as the connection lasts. Requests for
 * the discovery documents named here are given their deadline (OIDC_TIMEOUT_SECONDS), together with
 * any signal of their own; every other request is left as it is.
 */
const deadlines = new Map<string, number>();

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function boundDiscovery(discoveryUrl: string, timeoutMs: number): void {
  if (deadlines.size === 0) {
    const unbounded = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const timeout = deadlines.get(urlOf(input));
      if (timeout === undefined) return unbounded(input, init);
      const deadline = AbortSignal.timeout(timeout);
      return unbounded(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
    };
  }
  deadlines.set(discoveryUrl, timeoutMs);
}
