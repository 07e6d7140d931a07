/**
 * Start-up failures in one readable line each: drizzle wraps driver errors in "Failed query: <SQL with
 * all parameters>", so the cause (the database's own message) is what tells the operator what is wrong.
 */
export function describeStartupError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && lines.length < 5) {
    const message = current.message.startsWith('Failed query:')
      ? 'Datenbankabfrage fehlgeschlagen'
      : current.message;
    lines.push(lines.length === 0 ? message : `Ursache: ${message}`);
    current = current.cause;
  }
  if (lines.length === 0) lines.push(String(error));
  return `Das Portal konnte nicht starten.\n${lines.join('\n')}`;
}
