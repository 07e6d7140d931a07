import { parseArgs } from 'node:util';
import { text } from '@portal/domain/schemas/common';
import { userBody } from '@portal/domain/schemas/user';
import { z } from 'zod';

export const DEFAULT_OPERATOR_COMPANY = 'Betreiber';

export const CREATE_ADMIN_USAGE = `Legt einen Administrator des Betreibers an und schickt ihm die Einladung zum Festlegen des Passworts.

Aufruf:
  npm run create-admin -- --email <adresse> [--name <vorname> --lastname <nachname>] [--company <name>]

  --email     E-Mail-Adresse des Administrators (Pflicht; noch von keinem Nutzer verwendet)
  --name      Vorname (kann später im Profil ergänzt werden)
  --lastname  Nachname (kann später im Profil ergänzt werden)
  --company   Name des Betreiber-Unternehmens, falls es noch keines gibt (Standard: ${DEFAULT_OPERATOR_COMPANY})
  --help      Diese Hilfe

Datenbank wie bei npm start: DATABASE_URL für PostgreSQL, sonst die eingebettete Datenbank in DATA_DIR
(dann darf das Portal währenddessen nicht laufen). Ohne SMTP_URL liegt die Einladung als .eml-Datei in
DATA_DIR/mail, und der Link wird hier ausgegeben.`;

export interface CreateAdminOptions {
  email: string;
  name: string;
  lastname: string;
  companyName: string;
}

export type ParsedArgs =
  | { kind: 'help' }
  | { kind: 'invalid'; message: string }
  | { kind: 'create'; options: CreateAdminOptions };

const optionalName = (label: string) =>
  text()
    .trim()
    .min(1, `${label} darf nicht leer sein.`)
    .max(200, `${label}: höchstens 200 Zeichen.`)
    .optional();

/** The same address rule as the user form (SPEC §5); names optional here, as the address alone invites. */
const argsSchema = z.object({
  email: userBody.shape.mail,
  name: optionalName('Der Vorname'),
  lastname: optionalName('Der Nachname'),
  company: optionalName('Der Name des Betreiber-Unternehmens'),
});

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  lastname: { type: 'string' },
  company: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** node:util explains wrong arguments in English; the operator reads German (SPEC: German only). */
function germanParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const quoted = /'([^' ]+)/.exec(message ?? '')?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unbekannte Option „${quoted}“.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `Zu „${quoted}“ fehlt der Wert.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unerwartete Angabe „${quoted}“: Werte gehören hinter eine Option, z. B. --email ${quoted}.`;
    default:
      return 'Die Angaben konnten nicht gelesen werden.';
  }
}

export function parseCreateAdminArgs(argv: string[]): ParsedArgs {
  let values: { [key: string]: string | boolean | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    return { kind: 'invalid', message: germanParseError(error) };
  }
  if (values.help) return { kind: 'help' };
  if (values.email === undefined)
    return { kind: 'invalid', message: 'Bitte geben Sie die E-Mail-Adresse an: --email <adresse>.' };
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]!.message };
  const { email, name, lastname, company } = parsed.data;
  return {
    kind: 'create',
    options: {
      email,
      name: name ?? '',
      lastname: lastname ?? '',
      companyName: company ?? DEFAULT_OPERATOR_COMPANY,
    },
  };
}
