import { messages } from '@keywright/contract';
import { z } from 'zod';
import { parseJson, UpstreamError, type HttpAnswer, type HttpClient } from '../../lib/http-client';

/**
 * Google's OAuth 2.0 web server flow as every Google integration of Keywright uses it (Drive,
 * Search Console): the consent URL for one scope, the code exchange, the refresh, the revoke, and
 * the wrapper that refreshes and retries once. Each integration keeps its own grant and errors.
 */

/** The `GOOGLE_OAUTH_*` settings, and the redirect URI registered for one integration. */
export interface GoogleOAuthConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  redirectUri: string;
}

/** A person's grant: what the code exchange gives and a refresh renews. Times in ms since the epoch. */
export interface GoogleGrant {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  scope: string;
}

export interface GoogleOAuthClient {
  /** Google's consent page for the scope, carrying `state`. */
  authorizationUrl(state: string): string;
  /**
   * The code of the redirect, exchanged for tokens; an UpstreamError when Google refuses. `email`
   * is the account's, read from the ID token Google's token endpoint answers (null without one).
   */
  exchangeCode(code: string): Promise<GoogleGrant & { email: string | null }>;
  /** A fresh access token; the integration's revoked error when the refresh token is no longer honoured. */
  refresh(grant: GoogleGrant): Promise<GoogleGrant>;
  /** Revokes the grant at Google; a token Google no longer knows counts as revoked. */
  revoke(token: string): Promise<void>;
}

export interface GoogleOAuthOptions {
  /** The service's name in the texts people read ("Google Drive"). */
  service: string;
  /** The scopes asked for, space-separated. */
  scope: string;
  config: GoogleOAuthConfig;
  http: HttpClient;
  now?: () => number;
  /** Extra parameters of the consent URL (Drive's `include_granted_scopes`). */
  consentParameters?: Record<string, string>;
  /** The error a refresh Google refuses with invalid_grant becomes. */
  revoked: () => Error;
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
});

const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

const idTokenPayloadSchema = z.object({ email: z.string().min(1).max(320).optional() });

/**
 * The e-mail of an ID token's payload. The token came straight from Google's token endpoint over
 * TLS, so its signature need not be checked (OpenID Connect Core 3.1.3.7); null when absent or unreadable.
 */
export function idTokenEmail(idToken: string | undefined): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  const parsed = idTokenPayloadSchema.safeParse(parseJson(Buffer.from(payload, 'base64url').toString('utf8')));
  return parsed.success ? (parsed.data.email ?? null) : null;
}

function tokenErrorDetail(status: number, text: string): string {
  const parsed = tokenErrorSchema.safeParse(parseJson(text));
  if (!parsed.success) return `the token exchange failed with HTTP ${status}`;
  const { error, error_description: description } = parsed.data;
  return description ? `${description} (${error})` : error;
}

export function createGoogleOAuthClient({
  service,
  scope,
  config,
  http,
  now = Date.now,
  consentParameters = {},
  revoked,
}: GoogleOAuthOptions): GoogleOAuthClient {
  const formPost = (url: string, form: Record<string, string>) => ({
    url,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    },
  });

  function readTokenAnswer(response: HttpAnswer) {
    if (!response.ok) {
      throw new UpstreamError(
        messages.upstreamFailed(service, tokenErrorDetail(response.status, response.text)),
        response.status,
      );
    }
    const answer = tokenAnswerSchema.safeParse(parseJson(response.text));
    if (!answer.success) throw new UpstreamError(messages.upstreamUnreadable(service), response.status);
    return answer.data;
  }

  return {
    authorizationUrl(state) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        response_type: 'code',
        scope,
        access_type: 'offline',
        prompt: 'consent',
        ...consentParameters,
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(code) {
      const response = await http.send(
        () =>
          formPost(config.tokenUrl, {
            grant_type: 'authorization_code',
            code,
            client_id: config.clientId,
            client_secret: config.clientSecret,
            redirect_uri: config.redirectUri,
          }),
        // A code is good once: a second try after a lost answer would only be refused.
        { idempotent: false },
      );
      const answer = readTokenAnswer(response);
      if (!answer.refresh_token) throw new UpstreamError(messages.upstreamUnreadable(service), response.status);
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        accessTokenExpiresAt: now() + answer.expires_in * 1000,
        scope: answer.scope ?? scope,
        email: idTokenEmail(answer.id_token),
      };
    },

    async refresh(grant) {
      const response = await http.send(() =>
        formPost(config.tokenUrl, {
          grant_type: 'refresh_token',
          refresh_token: grant.refreshToken,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
      );
      if (
        response.status === 400 &&
        tokenErrorSchema.safeParse(parseJson(response.text)).data?.error === 'invalid_grant'
      ) {
        throw revoked();
      }
      const answer = readTokenAnswer(response);
      return {
        accessToken: answer.access_token,
        // Google may rotate the refresh token; otherwise the old one stays good.
        refreshToken: answer.refresh_token ?? grant.refreshToken,
        accessTokenExpiresAt: now() + answer.expires_in * 1000,
        scope: answer.scope ?? grant.scope,
      };
    },

    async revoke(token) {
      const response = await http.send(() => formPost(config.revokeUrl, { token }));
      // 400 invalid_token: Google no longer knows the token, which is what revoking wants.
      if (response.ok || response.status === 400) return;
      throw new UpstreamError(
        messages.upstreamFailed(service, tokenErrorDetail(response.status, response.text)),
        response.status,
      );
    },
  };
}

/** Where one person's grant is kept (the database, sealed; a Map in tests). */
export interface GoogleGrantStore<G extends GoogleGrant = GoogleGrant> {
  load(): Promise<G | null>;
  save(grant: G): Promise<void>;
  forget(): Promise<void>;
}

/** An access token this close to its expiry is refreshed before use. */
export const refreshMarginMs = 60_000;

export interface GoogleAccessOptions<G extends GoogleGrant> {
  refresh(grant: G): Promise<GoogleGrant>;
  store: GoogleGrantStore<G>;
  /** The refresh's error that says the grant is gone (invalid_grant). */
  isRevoked(error: unknown): boolean;
  /** The API's error that says the access token was refused (401). */
  isUnauthorized(error: unknown): boolean;
  /** What a missing or revoked grant is thrown as. */
  notConnected(): Error;
  now?: () => number;
}

/**
 * Runs `use` with a valid access token of the stored grant: refreshed first when it expires within
 * a minute, and once more when the API still refuses it (revoked or expired early). A refresh Google
 * refuses with invalid_grant forgets the grant: the person must connect again.
 */
export async function withGoogleAccess<G extends GoogleGrant, T>(
  options: GoogleAccessOptions<G>,
  use: (accessToken: string) => Promise<T>,
): Promise<T> {
  const { store, now = Date.now } = options;
  let grant = await store.load();
  if (!grant) throw options.notConnected();

  const refresh = async (current: G): Promise<G> => {
    try {
      const fresh = { ...current, ...(await options.refresh(current)) };
      await store.save(fresh);
      return fresh;
    } catch (error) {
      if (!options.isRevoked(error)) throw error;
      await store.forget();
      throw options.notConnected();
    }
  };

  if (grant.accessTokenExpiresAt - now() < refreshMarginMs) grant = await refresh(grant);
  try {
    return await use(grant.accessToken);
  } catch (error) {
    if (!options.isUnauthorized(error)) throw error;
  }
  grant = await refresh(grant);
  return use(grant.accessToken);
}
