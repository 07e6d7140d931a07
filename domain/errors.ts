/**
 * Error codes shared by server and web. The server answers `{ code, message }` with `status`;
 * the web app shows `message` for a code (the German text lives here once, SPEC §8).
 */
export const ERRORS = {
  VALIDATION: {
    status: 400,
    message: 'Die Eingaben sind ungültig. Bitte überprüfen Sie die markierten Felder.',
  },
  MALFORMED_JSON: { status: 400, message: 'Die Anfrage konnte nicht gelesen werden (ungültiges JSON).' },
  UNAUTHENTICATED: { status: 401, message: 'Bitte melden Sie sich an.' },
  SIGN_IN_FAILED: { status: 401, message: 'Anmeldung fehlgeschlagen. Bitte überprüfen Sie Ihre Eingaben.' },
  FORBIDDEN: { status: 403, message: 'Sie haben keine Berechtigung für diese Aktion.' },
  COMPANY_INACTIVE: {
    status: 403,
    message: 'Ihr Unternehmen ist deaktiviert. Bitte wenden Sie sich an den Betreiber des Portals.',
  },
  REGISTRATION_PENDING: {
    status: 403,
    message: 'Ihre Registrierung wartet noch auf die Freigabe durch den Betreiber.',
  },
  PASSWORD_CHANGE_NEEDED: {
    status: 403,
    message: 'Bitte ändern Sie zuerst Ihr Initialpasswort im Profil.',
  },
  ORIGIN_REJECTED: {
    status: 403,
    message: 'Die Anfrage stammt nicht vom Portal selbst und wurde abgewiesen.',
  },
  NOT_FOUND: { status: 404, message: 'Der angeforderte Eintrag wurde nicht gefunden.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Diese Schnittstelle gibt es nicht.' },
  CONFLICT: { status: 409, message: 'Der Eintrag steht im Konflikt mit einem vorhandenen Eintrag.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Die Anfrage ist zu groß.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Dieses Datenformat wird nicht unterstützt.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.',
  },
  INTERNAL: {
    status: 500,
    message: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  },
  DATABASE_UNAVAILABLE: { status: 503, message: 'Die Datenbank ist nicht erreichbar.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(code: string): string {
  return code in ERRORS ? ERRORS[code as ErrorCode].message : ERRORS.INTERNAL.message;
}
