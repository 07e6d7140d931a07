import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionTokenOf, verifySignedToken } from './session-token';

const SECRET = 'geheimer-schluessel-geheimer-schluessel';
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('session token of a request', () => {
  it('reads the signed cookie (URL-encoded, also with the __Secure- prefix)', () => {
    const cookie = encodeURIComponent(sign('abc123'));
    expect(sessionTokenOf({ cookie: `x=1; portal.session_token=${cookie}` }, SECRET)).toBe('abc123');
    expect(sessionTokenOf({ cookie: `__Secure-portal.session_token=${cookie}` }, SECRET)).toBe('abc123');
  });

  it('refuses a cookie signed with another secret or tampered with', () => {
    expect(
      sessionTokenOf(
        { cookie: `portal.session_token=${encodeURIComponent(sign('abc123', 'anderer-schluessel'))}` },
        SECRET,
      ),
    ).toBeNull();
    const tampered = sign('abc123').replace('abc123', 'abc124');
    expect(verifySignedToken(tampered, SECRET)).toBeNull();
    expect(sessionTokenOf({ cookie: 'portal.session_token=abc123' }, SECRET)).toBeNull();
    expect(sessionTokenOf({ cookie: 'portal.session_token=%E0%A4%A' }, SECRET)).toBeNull();
  });

  it('takes a bearer token raw or signed', () => {
    expect(sessionTokenOf({ authorization: 'Bearer rawtoken' }, SECRET)).toBe('rawtoken');
    expect(sessionTokenOf({ authorization: `Bearer ${sign('rawtoken')}` }, SECRET)).toBe('rawtoken');
    expect(sessionTokenOf({ authorization: 'Bearer raw.forged' }, SECRET)).toBeNull();
    expect(sessionTokenOf({ authorization: 'Basic dXNlcjpwdw==' }, SECRET)).toBeNull();
  });
});
