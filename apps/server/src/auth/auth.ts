import { betterAuth, createLogger } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { Db } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import { isOidcConfigured, type Env } from '../env';
import { boundDiscovery } from './discovery-deadline';
import { createOidcClient } from './oidc-client';

export const OIDC_PROVIDER_ID = 'oidc';

/** The header our bridge sets from Fastify's view of the client address. */
export const CLIENT_IP_HEADER = 'x-keywright-client-ip';

export interface AuthRateLimits {
  /** Sign-in attempts per client address per minute. */
  signInPerMinute: number;
  signUpPerMinute: number;
}

export const defaultAuthRateLimits: AuthRateLimits = { signInPerMinute: 10, signUpPerMinute: 20 };

export function createAuth({ env, db, rateLimits }: { env: Env; db: Db; rateLimits: AuthRateLimits }) {
  // Failed sign-ins are answered to the client; in tests their warnings are only noise.
  const loggerOptions = { disabled: env.NODE_ENV === 'test' };
  const logger = createLogger(loggerOptions);
  const discoveryUrl = isOidcConfigured(env)
    ? `${env.OIDC_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`
    : null;
  if (discoveryUrl) boundDiscovery(discoveryUrl, env.OIDC_TIMEOUT_SECONDS * 1000);
  const oidc = discoveryUrl
    ? [
        genericOAuth({
          config: [
            {
              providerId: OIDC_PROVIDER_ID,
              discoveryUrl,
              clientId: env.OIDC_CLIENT_ID!,
              clientSecret: env.OIDC_CLIENT_SECRET!,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              // The code exchange and the user info through the shared client, with a time-out (better-auth's have none).
              ...createOidcClient({
                issuer: env.OIDC_ISSUER!,
                clientId: env.OIDC_CLIENT_ID!,
                clientSecret: env.OIDC_CLIENT_SECRET!,
                http: { timeoutMs: env.OIDC_TIMEOUT_SECONDS * 1000 },
                log: (error, message) => logger.error(message, error),
              }),
            },
          ],
        }),
      ]
    : [];

  return betterAuth({
    appName: env.APP_NAME,
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    account: { accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER_ID] } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: rateLimits.signInPerMinute },
        '/sign-up/email': { window: 60, max: rateLimits.signUpPerMinute },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.APP_URL.startsWith('https://'),
    },
    telemetry: { enabled: false },
    logger: loggerOptions,
    plugins: [bearer(), ...oidc],
  });
}

export type Auth = ReturnType<typeof createAuth>;
