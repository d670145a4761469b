import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@keywright/contract';
import { createTestContext, errorBody, type TestContext } from '../../test/harness';
import { oidcEnv } from '../../test/support/oidc-env';
import { SSO_SERVICE } from './oidc-client';

const timeoutSeconds = 1;
let ctx: TestContext;
let issuerServer: net.Server;
const held: net.Socket[] = [];

beforeAll(async () => {
  // An issuer that takes the connection and never answers.
  issuerServer = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  const { port } = issuerServer.address() as net.AddressInfo;
  ctx = await createTestContext({
    env: oidcEnv(`http://127.0.0.1:${port}`, timeoutSeconds),
  });
});

afterAll(async () => {
  await ctx?.close();
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => issuerServer.close(resolve));
});

// Before its discovery had a deadline, this file's app took minutes to start: better-auth reads the
// provider's discovery document when it starts, with no time-out of its own.
describe('an identity provider that never answers', () => {
  it('does not hold up signing up with an e-mail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { email: 'hang@example.com', password: 'a-long-password-1', name: 'Hang' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a single sign-on in time', async () => {
    const started = performance.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { provider: 'oidc', callbackURL: '/' },
    });
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(errorBody('unavailable', messages.upstreamUnreachable(SSO_SERVICE)));
    // Its deadline (OIDC_TIMEOUT_SECONDS), not better-auth's 10 s or the connection's minutes.
    expect(ms).toBeLessThan(timeoutSeconds * 1000 + 2000);
    expect(ms).toBeGreaterThanOrEqual(timeoutSeconds * 1000 - 10);
  });
});
