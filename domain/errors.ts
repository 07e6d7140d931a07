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
  EMAIL_OF_EXTERNAL_USER: {
    status: 409,
    message:
      'Diese E-Mail-Adresse ist bereits als externer Nutzer registriert. Bitte wenden Sie sich an den Betreiber des Portals, damit er Sie Ihrem Unternehmen zuordnet.',
  },
  RESET_CODE_INVALID: {
    status: 400,
    message:
      'Der Link zum Zurücksetzen des Passworts ist ungültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.',
  },
  RESET_CODE_EXPIRED: {
    status: 410,
    message: 'Der Link zum Zurücksetzen des Passworts ist abgelaufen. Bitte fordern Sie einen neuen Link an.',
  },
  WRONG_CURRENT_PASSWORD: { status: 400, message: 'Das aktuelle Passwort ist nicht korrekt.' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
  },
  PASSWORD_UNCHANGED: { status: 400, message: 'Das neue Passwort muss sich vom bisherigen unterscheiden.' },
  ORIGIN_REJECTED: {
    status: 403,
    message: 'Die Anfrage stammt nicht vom Portal selbst und wurde abgewiesen.',
  },
  NOT_FOUND: { status: 404, message: 'Der angeforderte Eintrag wurde nicht gefunden.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Diese Schnittstelle gibt es nicht.' },
  EMAIL_IN_USE: { status: 409, message: 'Die angegebene E-Mail wird bereits von einem Nutzer genutzt.' },
  LAST_ADMIN: {
    status: 409,
    message:
      'Sie sind der letzte Administrator Ihres Unternehmens und können sich die Administratorrechte nicht selbst entziehen.',
  },
  SELF_DELETE: { status: 409, message: 'Sie können Ihr eigenes Nutzerkonto nicht löschen.' },
  CONFLICT: { status: 409, message: 'Der Eintrag steht im Konflikt mit einem vorhandenen Eintrag.' },
  NAME_TAKEN: { status: 409, message: 'Diese Bezeichnung wird bereits verwendet.' },
  DISCOUNT_GROUP_MANUFACTURER_MISMATCH: {
    status: 409,
    message: 'Rabattgruppen unterschiedlicher Hersteller können nicht zusammengeführt werden.',
  },
  COMBINE_CONFLICT: {
    status: 409,
    message: 'Die Einträge können nicht zusammengeführt werden, weil dabei doppelte Artikel entstünden.',
  },
  ECLASS_DUPLICATE: { status: 409, message: 'E-Class ID bereits vorhanden' },
  ARTICLE_NUMBER_TAKEN: {
    status: 406,
    message:
      'Die Bestell- oder Herstellernummer ist bei diesem Hersteller bereits vergeben. Der Artikel konnte nicht angelegt werden.',
  },
  ARTICLE_CONFLICT: {
    status: 409,
    message:
      'Die Bestell- oder Herstellernummer ist bei diesem Hersteller bereits vergeben. Der Artikel konnte nicht gespeichert werden.',
  },
  ARTICLE_MISSING_VALUES: {
    status: 417,
    message: 'Bitte geben Sie einen Hersteller und eine Bestell- oder Herstellernummer an.',
  },
  WHOLESALER_NAME_TAKEN: { status: 412, message: 'Ein Großhändler mit diesem Namen existiert bereits.' },
  IMPORT_WRONG_FORMAT: {
    status: 417,
    message: 'Die Datei hat nicht das erwartete Format. Bitte verwenden Sie das Format des Exports.',
  },
  ARTICLE_IMPORT_RUNNING: {
    status: 409,
    message: 'Es läuft bereits ein Artikelimport. Bitte warten Sie, bis er beendet ist.',
  },
  /** A waiting preview is the one active import until it is taken over or discarded. */
  ARTICLE_IMPORT_PREVIEW_WAITING: {
    status: 409,
    message:
      'Die Vorschau eines Artikelimports wartet auf „Übernehmen“. Bitte übernehmen oder verwerfen Sie sie zuerst.',
  },
  ARTICLE_IMPORT_WRONG_FORMAT: {
    status: 417,
    message:
      'Die Datei kann nicht importiert werden. Erlaubt sind Tabellen im Format .xls, .xlsx, .csv oder .txt mit einer Kopfzeile.',
  },
  SPREADSHEET_TOO_LARGE: {
    status: 417,
    message:
      'Die Excel-Datei wird nicht gelesen: Entpackt darf sie höchstens 1 GB groß sein (die Texte darin höchstens 256 MB) und höchstens 100-mal so groß wie gepackt. Bitte teilen Sie den Katalog auf mehrere Dateien auf oder speichern Sie ihn als CSV-Datei.',
  },
  ARTICLE_IMPORT_UPLOAD_FAILED: {
    status: 424,
    message: 'Die Datei konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
  },
  ENQUIRY_RELEASED: {
    status: 409,
    message: 'Die Anfrage ist freigegeben und kann nicht mehr geändert werden.',
  },
  ENQUIRY_NOT_RELEASED: {
    status: 409,
    message: 'Nur freigegebene Anfragen können geschlossen werden.',
  },
  ENQUIRY_RELEASE_INCOMPLETE: {
    status: 422,
    message: 'Die Anfrage kann noch nicht freigegeben werden. Bitte ergänzen Sie die fehlenden Angaben.',
  },
  /** One open offer per supplier and enquiry (the message names the existing one). */
  OFFER_EXISTS: {
    status: 409,
    message: 'Zu dieser Anfrage gibt es bereits ein offenes Angebot Ihres Unternehmens.',
  },
  /** An offer only on a released enquiry that is neither closed nor archived. */
  OFFER_ENQUIRY_CLOSED: {
    status: 409,
    message: 'Auf diese Anfrage kann kein Angebot mehr abgegeben werden (geschlossen oder archiviert).',
  },
  /** A state action refused by domain/rules/offer-state.ts (the message says why). */
  OFFER_STATE_CONFLICT: { status: 409, message: 'Diese Aktion ist im aktuellen Status nicht möglich.' },
  OFFER_FORBIDDEN: { status: 403, message: 'Sie haben keine Berechtigung für dieses Angebot.' },
  /** A missing file, reason or required field (SPEC §4/§5 warnings). */
  OFFER_INCOMPLETE: {
    status: 422,
    message: 'Das Angebot ist unvollständig. Bitte ergänzen Sie die fehlenden Angaben.',
  },
  /** A released enquiry's BOM is only downloaded (SPEC §4); re-upload, header, map, delete refused. */
  BOM_RELEASED: {
    status: 409,
    message: 'Die Stückliste einer freigegebenen Anfrage kann nicht mehr geändert werden.',
  },
  BOM_MISSING: {
    status: 404,
    message: 'Zu dieser Anfrage wurde noch keine Stückliste hochgeladen.',
  },
  /** SPEC §5 noHeadersFound: the chosen header row is empty or lies beyond the end of the file. */
  BOM_NO_HEADERS: {
    status: 422,
    message: 'In der angegebenen Zeile wurden keine Spaltenüberschriften gefunden.',
  },
  /** SPEC §8 headerIndexChangeFailed: the stored BOM could not be read again. */
  BOM_HEADER_READ_FAILED: {
    status: 422,
    message: 'Die Kopfzeile konnte nicht übernommen werden. Bitte versuchen Sie es erneut.',
  },
  /**
   * POST /enquiry/bom/map: the mapping was made for another header row than the stored one (the customer
   * must first "Kopfzeile übernehmen") or names columns the stored header row lacks (issues name them).
   */
  BOM_MAPPING_OUTDATED: {
    status: 422,
    message:
      'Die Zuordnung passt nicht zur gespeicherten Kopfzeile der Stückliste. Bitte übernehmen Sie zuerst die Kopfzeile.',
  },
  /** A BOM has more data lines than the portal matches in one go. */
  BOM_TOO_MANY_LINES: {
    status: 422,
    message: 'Die Stückliste hat zu viele Zeilen. Erlaubt sind höchstens 20.000 Zeilen je Stückliste.',
  },
  /** The mapped BOM has no data line below the header row. */
  BOM_NO_LINES: {
    status: 422,
    message: 'Unter der Kopfzeile der Stückliste stehen keine Zeilen.',
  },
  /** Two saves of the same BOM's mapping at once: the one whose lines were removed meanwhile stops. */
  BOM_CHANGED_CONCURRENTLY: {
    status: 409,
    message:
      'Die Stückliste wurde gerade gleichzeitig zugeordnet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  },
  BOM_LINE_NOT_FOUND: { status: 404, message: 'Diese Zeile der Stückliste wurde nicht gefunden.' },
  /** POST /article/replace: the chosen article does not exist (any more). */
  REPLACE_ARTICLE_NOT_FOUND: {
    status: 404,
    message: 'Der gewählte Artikel wurde nicht gefunden. Bitte suchen Sie ihn erneut.',
  },
  /** The upload has the right first bytes but is no readable table (a damaged or foreign file). */
  BOM_UNREADABLE: {
    status: 422,
    message:
      'Die Stückliste kann nicht gelesen werden. Erlaubt sind Tabellen im Format .xlsx, .xls oder .csv mit einer Kopfzeile.',
  },
  /** A result of the operator's BOM import that does not exist (any more). */
  ADMIN_BOM_NOT_FOUND: {
    status: 404,
    message: 'Dieses Ergebnis des Stücklistenimports wurde nicht gefunden.',
  },
  /** The export of a BOM import result needs its matched lines, i.e. a saved mapping. */
  ADMIN_BOM_NOT_MAPPED: {
    status: 409,
    message: 'Die Stückliste ist noch nicht zugeordnet. Bitte speichern Sie zuerst die Zuordnung.',
  },
  FILE_CONTENT_MISMATCH: {
    status: 415,
    message: 'Der Inhalt der Datei passt nicht zu ihrer Dateiendung.',
  },
  // The project folder (SPEC §8 business data password check: 403 wrong password, 412 not authenticated).
  FOLDER_WRONG_PASSWORD: { status: 403, message: 'Das Passwort ist falsch.' },
  FOLDER_NOT_AUTHENTICATED: {
    status: 412,
    message: 'Bitte geben Sie das Passwort des Projektordners ein.',
  },
  FOLDER_THROTTLED: {
    status: 429,
    message:
      'Zu viele falsche Passwörter für diesen Projektordner. Bitte versuchen Sie es in 30 Minuten erneut.',
  },
  FOLDER_NO_FILES: { status: 400, message: 'Keine Dateien ausgewählt.' },
  FOLDER_INVITE_LIMIT: {
    status: 429,
    message:
      'Ihr Unternehmen hat in den letzten 24 Stunden bereits 20 neue externe Gäste eingeladen. Bitte versuchen Sie es später erneut.',
  },
  FOLDER_PASSWORD_FIRST: {
    status: 409,
    message: 'Bitte legen Sie zuerst ein Passwort fest, bevor Sie den anonymen Zugriff erlauben.',
  },
  CHAT_CUSTOMER_START: {
    status: 403,
    message: 'Ein Gespräch beginnt der Lieferant. Sie können auf vorhandene Gespräche antworten.',
  },
  CHAT_EMPTY_MESSAGE: {
    status: 400,
    message: 'Bitte geben Sie eine Nachricht ein oder hängen Sie eine Datei an.',
  },
  CHAT_NO_FILE: { status: 404, message: 'Diese Nachricht hat keinen Anhang.' },
  CHAT_COPY_NOT_ALLOWED: {
    status: 403,
    message: 'Anhänge aus diesem Chat können Sie nicht in den Vorgang übernehmen.',
  },
  CHAT_COPY_TYPE: {
    status: 400,
    message: 'Dieser Dateityp passt nicht zur Datei. Bitte wählen Sie einen anderen Typ.',
  },
  NOTIFICATIONS_NOT_AVAILABLE: {
    status: 403,
    message: 'Benachrichtigungen gibt es nur für Kunden und Lieferanten.',
  },
  FILE_MISSING: { status: 400, message: 'Bitte wählen Sie eine Datei aus.' },
  FILE_TOO_LARGE: { status: 413, message: 'Die Datei ist zu groß. Erlaubt sind Dateien unter 200 MB.' },
  FILE_TYPE_NOT_ALLOWED: { status: 415, message: 'Dieser Dateityp ist hier nicht erlaubt.' },
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
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Die Datenbank ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  },
  /** Optimistic locking: the record was saved by someone else after the client loaded it. `{Name}` is filled in. */
  CHANGED_MEANWHILE: {
    status: 409,
    message:
      'Dieser Eintrag wurde inzwischen von {Name} geändert. Bitte laden Sie die Seite neu; Ihre Eingaben bleiben bis dahin im Formular.',
  },
  /** Released offers, accepted orders and confirmations are signed documents (SPEC §4): they stay as they are. */
  SIGNED_DOCUMENT_FIXED: {
    status: 409,
    message: 'Dieses Dokument ist verbindlich abgegeben und kann nicht mehr gelöscht oder ersetzt werden.',
  },
  /** Bidi control and zero-width characters could disguise a name (e.g. "rechnung\u202Efdp.exe"). */
  INVISIBLE_CHARACTERS: {
    status: 400,
    message:
      'Die Eingabe enthält unsichtbare Steuerzeichen (oft aus kopiertem Text). Bitte entfernen Sie sie oder geben Sie den Text neu ein.',
  },
  BOM_HEADER_TOO_WIDE: {
    status: 422,
    message:
      'Die Kopfzeile der Stückliste ist zu breit: erlaubt sind höchstens 500 Spalten mit je höchstens 200 Zeichen. Bitte wählen Sie die richtige Kopfzeile oder kürzen Sie die Datei.',
  },
  /** A line's order or manufacturer number is longer than a line takes (200, as when a line is edited). */
  BOM_VALUE_TOO_LONG: {
    status: 422,
    message:
      'Eine Bestell- oder Herstellernummer der Stückliste ist länger als 200 Zeichen. Bitte prüfen Sie die Zuordnung der Spalten.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(code: string): string {
  return code in ERRORS ? ERRORS[code as ErrorCode].message : ERRORS.INTERNAL.message;
}
