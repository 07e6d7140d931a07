import type { z } from 'zod';

/**
 * Plain German for every validation problem that a schema does not word itself: what the server answers in
 * `issues` and what the web app's forms show under a field. Zod's own texts ("Invalid input", "Too big:
 * expected string to have <=200 characters") are validator phrasing, in English.
 */

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const INVALID = 'Dieser Wert ist ungültig.';
const REQUIRED = 'Bitte füllen Sie dieses Feld aus.';
const WRONG_FORMAT = 'Dieser Wert hat nicht das erwartete Format.';

function tooBig(issue: Issue & { code: 'too_big' }): string {
  const limit = String(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return issue.inclusive ? `Höchstens ${limit} Zeichen.` : `Weniger als ${limit} Zeichen.`;
    case 'array':
    case 'set':
      return issue.inclusive ? `Höchstens ${limit} Einträge.` : `Weniger als ${limit} Einträge.`;
    case 'number':
    case 'bigint':
      return issue.inclusive
        ? `Bitte geben Sie eine Zahl bis ${limit} ein.`
        : `Bitte geben Sie eine Zahl kleiner als ${limit} ein.`;
    case 'file':
      return 'Die Datei ist zu groß.';
    default:
      return INVALID;
  }
}

function tooSmall(issue: Issue & { code: 'too_small' }): string {
  const limit = String(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return Number(issue.minimum) <= 1 ? REQUIRED : `Mindestens ${limit} Zeichen.`;
    case 'array':
    case 'set':
      return Number(issue.minimum) <= 1
        ? 'Bitte wählen Sie mindestens einen Eintrag aus.'
        : `Mindestens ${limit} Einträge.`;
    case 'number':
    case 'bigint':
      return issue.inclusive
        ? `Bitte geben Sie eine Zahl ab ${limit} ein.`
        : `Bitte geben Sie eine Zahl größer als ${limit} ein.`;
    default:
      return INVALID;
  }
}

const FORMATS: Record<string, string> = {
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  url: 'Bitte geben Sie eine gültige Internetadresse ein.',
  uuid: 'Diese Kennung ist ungültig.',
  guid: 'Diese Kennung ist ungültig.',
  datetime: 'Bitte geben Sie ein gültiges Datum mit Uhrzeit an.',
  date: 'Bitte geben Sie ein gültiges Datum an.',
};

function typeProblem(issue: Issue & { code: 'invalid_type' }): string {
  if (issue.input === undefined || issue.input === null) return REQUIRED;
  if (issue.expected === 'number') return 'Bitte geben Sie eine Zahl ein.';
  if (issue.expected === 'int') return 'Bitte geben Sie eine ganze Zahl ein.';
  if (issue.expected === 'boolean') return 'Bitte wählen Sie ja oder nein.';
  return WRONG_FORMAT;
}

/** The German text of a validation problem (zod's global error map; a schema's own message wins). */
export function germanIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return typeProblem(issue);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? WRONG_FORMAT;
    case 'invalid_value':
      return 'Bitte wählen Sie einen der vorgesehenen Werte.';
    case 'not_multiple_of':
      return `Bitte geben Sie ein Vielfaches von ${String(issue.divisor)} ein.`;
    case 'unrecognized_keys':
      return `Unbekannte Angabe: ${issue.keys.join(', ')}.`;
    default:
      return INVALID;
  }
}
