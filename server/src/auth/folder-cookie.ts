/**
 * SPEC §6 password gate: the anonymous visitor's token of one project folder travels in an httpOnly cookie
 * `portal_folder_<folderId>` (one per folder, so two open folders do not push each other out).
 */
export const FOLDER_COOKIE_PREFIX = 'portal_folder_';

export function folderCookieName(folderId: string): string {
  return `${FOLDER_COOKIE_PREFIX}${folderId}`;
}

/** The folder token sent with the request, if any (no cookie plugin: one header, one name). */
export function readFolderCookie(cookieHeader: string | undefined, folderId: string): string | null {
  const name = folderCookieName(folderId);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The Set-Cookie value: httpOnly, SameSite=Strict (a foreign page cannot ride on it), Secure behind TLS,
 * scoped to the folder calls; `maxAgeS` 0 removes it.
 */
export function folderCookieHeader(
  folderId: string,
  token: string,
  maxAgeS: number,
  secure: boolean,
): string {
  const parts = [
    `${folderCookieName(folderId)}=${encodeURIComponent(token)}`,
    'Path=/api/offer/businessdata',
    `Max-Age=${maxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
