import { createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE_PREFIX } from './better-auth';

const COOKIE_NAMES = [
  `${SESSION_COOKIE_PREFIX}.session_token`,
  `__Secure-${SESSION_COOKIE_PREFIX}.session_token`,
];

function cookieValue(header: string | undefined, names: string[]): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (names.includes(part.slice(0, separator).trim())) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** `token.signature` as better-auth (better-call) signs its session cookie: base64 HMAC-SHA256 of the token. */
export function verifySignedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session token of a request: from the signed session cookie, or from `Authorization: Bearer` (the raw
 * token that sign-in answers, or the signed form), exactly as better-auth's bearer plugin accepts them.
 */
export function sessionTokenOf(
  headers: { cookie?: string; authorization?: string },
  secret: string,
): string | null {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer.includes('.') ? verifySignedToken(bearer, secret) : bearer;
  const cookie = cookieValue(headers.cookie, COOKIE_NAMES);
  return cookie ? verifySignedToken(cookie, secret) : null;
}
