import { messages } from '@keywright/contract';
import { authorizationCodeRequest, getOAuth2Tokens, parseStringBoolean, type OAuth2Tokens } from 'better-auth/oauth2';
import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins';
import { z } from 'zod';
import { createHttpClient, parseJson, UpstreamError, type HttpClientOptions } from '../lib/http-client';

/** How the identity provider is named in messages. */
export const SSO_SERVICE = 'The sign-in provider';
const service = SSO_SERVICE;

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Time-out of each call (OIDC_TIMEOUT_SECONDS); no retries by default, as a person waits on the redirect. */
  http?: HttpClientOptions;
  log: (error: unknown, message: string) => void;
}

const discoverySchema = z.object({ token_endpoint: z.url(), userinfo_endpoint: z.url().optional() });

const tokenAnswerSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    id_token: z.string().optional(),
    refresh_token: z.string().optional(),
    expires_in: z.coerce.number().optional(),
    scope: z.string().optional(),
  })
  .loose();

/** Standard claims; `sub` is required, so the answer is always matched against the ID token's subject. */
const userInfoSchema = z
  .object({
    sub: z.string().min(1),
    email: z.string().optional(),
    email_verified: z.union([z.boolean(), z.string()]).optional(),
    name: z.string().optional(),
    picture: z.string().optional(),
  })
  .loose();

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

function errorDetail(status: number, text: string): string {
  const parsed = oauthErrorSchema.safeParse(parseJson(text));
  if (!parsed.success) return `HTTP ${status}`;
  const { error, error_description: description } = parsed.data;
  return description ? `${description} (${error})` : error;
}

/** The claims of a JWT, unverified (better-auth has verified the ID token against the JWKS before). */
function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const claims = parseJson(Buffer.from(payload, 'base64url').toString('utf8'));
  return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
}

/**
 * The sign-in's own calls to an OpenID Connect provider, through the shared HTTP client so each
 * one has a time-out: the code exchange and the user info. better-auth does the rest (discovery for
 * the authorization URL, ID token verification) and, when these fail, redirects to its error page.
 */
export function createOidcClient(
  settings: OidcClientSettings,
): Required<Pick<GenericOAuthConfig, 'getToken' | 'getUserInfo'>> {
  const http = createHttpClient(service, { timeoutMs: 10_000, maxRetries: 0, ...settings.http });
  const discoveryUrl = `${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let discovery: Promise<z.infer<typeof discoverySchema>> | null = null;

  async function discover() {
    const answer = await http.send(() => ({
      url: discoveryUrl,
      init: { headers: { accept: 'application/json' }, redirect: 'manual' },
    }));
    if (!answer.ok) throw new UpstreamError(messages.upstreamFailed(service, `HTTP ${answer.status}`), answer.status);
    const parsed = discoverySchema.safeParse(parseJson(answer.text));
    if (!parsed.success) throw new UpstreamError(messages.upstreamUnreadable(service), answer.status);
    return parsed.data;
  }

  /** The provider's endpoints, read once per process; a failed read is tried again next time. */
  function endpoints() {
    discovery ??= discover().catch((error: unknown) => {
      discovery = null;
      throw error;
    });
    return discovery;
  }

  async function userInfoFromEndpoint(tokens: OAuth2Tokens): Promise<GenericOAuthUserInfo | null> {
    const { userinfo_endpoint: url } = await endpoints();
    if (!url || !tokens.accessToken) return null;
    const answer = await http.send(() => ({
      url,
      init: {
        headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
        redirect: 'manual',
      },
    }));
    if (!answer.ok) {
      throw new UpstreamError(messages.upstreamFailed(service, errorDetail(answer.status, answer.text)), answer.status);
    }
    const parsed = userInfoSchema.safeParse(parseJson(answer.text));
    if (!parsed.success) throw new UpstreamError(messages.upstreamUnreadable(service), answer.status);
    const info = parsed.data;
    return {
      ...info,
      email: info.email,
      emailVerified: parseStringBoolean(info.email_verified) ?? false,
      image: info.picture,
      name: info.name,
    };
  }

  return {
    async getToken({ code, codeVerifier, redirectURI, deviceId }) {
      const { token_endpoint: url } = await endpoints();
      const { body, headers } = await authorizationCodeRequest({
        code,
        codeVerifier,
        redirectURI,
        deviceId,
        tokenEndpoint: url,
        options: { clientId: settings.clientId, clientSecret: settings.clientSecret },
      });
      // A code is good for one exchange: only a refusal (429) may be sent again; no redirect is followed.
      const answer = await http.send(
        () => ({ url, init: { method: 'POST', headers, body: body.toString(), redirect: 'manual' } }),
        { idempotent: false },
      );
      if (!answer.ok) {
        throw new UpstreamError(
          messages.upstreamFailed(service, errorDetail(answer.status, answer.text)),
          answer.status,
        );
      }
      const parsed = tokenAnswerSchema.safeParse(parseJson(answer.text));
      if (!parsed.success) throw new UpstreamError(messages.upstreamUnreadable(service), answer.status);
      return getOAuth2Tokens(parsed.data);
    },

    async getUserInfo(tokens) {
      // As better-auth does: an ID token that names the person is enough.
      const claims = tokens.idToken ? jwtClaims(tokens.idToken) : null;
      if (typeof claims?.sub === 'string' && typeof claims.email === 'string') {
        return {
          ...claims,
          id: claims.sub,
          emailVerified: parseStringBoolean(claims.email_verified) ?? false,
          image: typeof claims.picture === 'string' ? claims.picture : undefined,
        };
      }
      try {
        return await userInfoFromEndpoint(tokens);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        // better-auth sends the person to its error page (unable_to_get_user_info); the reason is logged.
        settings.log(error, 'OIDC user info failed');
        return null;
      }
    },
  };
}
