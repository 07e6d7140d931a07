import { germanNumber } from '@portal/domain/rules/german-number';
import type { MailMessage } from '../mailer';
import { greetingFor, renderMail } from './layout';

/** SPEC §1: an export ran in the background; the requesting user learns that the file is ready. */
export function exportReadyMail(input: {
  to: string;
  name: string;
  fileName: string;
  /** Null when unknown (the mail of a retried job). */
  rows: number | null;
  articleUrl: string;
}): MailMessage {
  const articles =
    input.rows === null
      ? ''
      : input.rows === 1
        ? ' mit 1 Artikel'
        : ` mit ${germanNumber(input.rows)} Artikeln`;
  return renderMail(input.to, {
    subject: `Ihr Artikelexport ist fertig: ${input.fileName}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Ihr Artikelexport${articles} ist fertig.`,
      `Sie finden die Datei „${input.fileName}“ in der Artikelverwaltung unter „Exportergebnisse“ und können sie dort herunterladen.`,
    ],
    action: { label: 'Zur Artikelverwaltung', url: input.articleUrl },
    after: [
      'Die Datei ist im CSV-Format (Semikolon-getrennt, UTF-8) und lässt sich direkt mit Excel öffnen.',
    ],
  });
}
