import { ERRORS } from '../errors';

/**
 * No lost update: every save of a record that several people edit carries the `lastUpdate` its form was
 * loaded with. The server compares it with the record's last change at millisecond precision (what the
 * wire carries: ISO 8601 with milliseconds) and refuses a save based on an older state with
 * CHANGED_MEANWHILE, naming who changed the record last.
 */

/** Who changed the record, when the portal no longer knows the person (deleted, or a change by the system). */
export const UNKNOWN_EDITOR = 'einem anderen Nutzer';

/** The German message of CHANGED_MEANWHILE with the last editor's display name ("Vorname Nachname"). */
export function changedMeanwhileMessage(editorName: string | null | undefined): string {
  const name = editorName?.trim() || UNKNOWN_EDITOR;
  return ERRORS.CHANGED_MEANWHILE.message.replace('{Name}', name);
}

/**
 * The change time a save writes: now, but always at least one millisecond after the loaded state, so a save
 * within the same millisecond as the change before it still makes every older `lastUpdate` stale.
 */
export function nextLastUpdate(loaded: string | Date, now: Date = new Date()): Date {
  const loadedMs = typeof loaded === 'string' ? Date.parse(loaded) : loaded.getTime();
  return new Date(Math.max(now.getTime(), loadedMs + 1));
}
