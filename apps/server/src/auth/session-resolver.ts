import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AuthUser } from './signed-in-user';

/** better-auth's defaults: sessions last 7 days and slide forward once a day. */
const SESSION_SECONDS = 7 * 24 * 3600;
const UPDATE_AGE_SECONDS = 24 * 3600;

export type ResolvedSession =
  | { kind: 'none' }
  | { kind: 'user'; user: AuthUser }
  /** Valid, but due for better-auth's sliding refresh: let better-auth answer (it renews the cookie). */
  | { kind: 'refresh' };

/**
 * The session of a request, the fast way: better-auth's signed token checked
 * with one HMAC, then one indexed query. It accepts exactly what better-auth's
 * cookie and bearer handling accept; the rare session due for renewal is
 * left to better-auth itself.
 */
export function createSessionResolver({ db, secret, cookieName }: { db: Db; secret: string; cookieName: string }) {
  const expectedSignature = (token: string) => createHmac('sha256', secret).update(token).digest();

  /** `token.signature` (base64 or base64url) to the token, or null when the signature is wrong. */
  function verify(signed: string): string | null {
    const dot = signed.lastIndexOf('.');
    if (dot < 1) return null;
    const token = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1), 'base64');
    const expected = expectedSignature(token);
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  function decode(value: string): string {
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }

  function bearerToken(header: string | undefined): string | null {
    if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
    const token = header.slice(7).trim();
    if (!token) return null;
    // The bearer plugin signs an unsigned token itself, so a bare session token is accepted too.
    return token.includes('.') ? verify(decode(token)) : token;
  }

  function cookieToken(header: string | undefined): string | null {
    if (!header) return null;
    for (const part of header.split(';')) {
      const index = part.indexOf('=');
      if (index > 0 && part.slice(0, index).trim() === cookieName) return verify(decode(part.slice(index + 1).trim()));
    }
    return null;
  }

  return {
    async resolve(headers: IncomingHttpHeaders): Promise<ResolvedSession> {
      const token = bearerToken(headers.authorization) ?? cookieToken(headers.cookie);
      if (!token) return { kind: 'none' };
      const { rows } = await db.execute<{ id: string; email: string; name: string; due: boolean }>(
        sql`select u.id, u.email, u.name,
                   s.expires_at - make_interval(secs => ${SESSION_SECONDS}) + make_interval(secs => ${UPDATE_AGE_SECONDS}) <= now() as due
            from session s join "user" u on u.id = s.user_id
            where s.token = ${token} and s.expires_at > now()`,
      );
      const row = rows[0];
      if (!row) return { kind: 'none' };
      if (row.due) return { kind: 'refresh' };
      return { kind: 'user', user: { id: row.id, email: row.email, name: row.name } };
    },
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
