import type { MailMessage } from '../mailer';

/** The portal's name as it appears in every mail (web: `common.appName`). */
export const PORTAL_NAME = 'Schaltschrank-Portal';

export interface MailContent {
  subject: string;
  /** e.g. "Guten Tag Anna Admin," */
  greeting: string;
  paragraphs: string[];
  /** The one button of the mail; its address is repeated in the text part. */
  action?: { label: string; url: string };
  /** Paragraphs after the button (hints, validity). */
  after?: string[];
  /** Label/value lines, e.g. the data of a new registration. */
  facts?: [label: string, value: string][];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const SIGNATURE = `Mit freundlichen Grüßen\nIhr Team des ${PORTAL_NAME}s`;
const FOOTER = `Diese E-Mail wurde automatisch vom ${PORTAL_NAME} versandt. Bitte antworten Sie nicht auf diese E-Mail.`;

function renderText(content: MailContent): string {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.facts) {
    for (const [label, value] of content.facts) lines.push(`${label}: ${value}`);
    lines.push('');
  }
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  for (const p of content.after ?? []) lines.push(p, '');
  lines.push(SIGNATURE, '', '--', FOOTER, '');
  return lines.join('\n');
}

function renderHtml(content: MailContent): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const facts = content.facts
    ? `<table style="border-collapse:collapse;margin:0 0 16px">${content.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#228be6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:<br><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  return `<!DOCTYPE html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:600px;margin:0 auto;padding:24px">
<div style="font-size:20px;font-weight:bold;margin-bottom:16px">${PORTAL_NAME}</div>
<div style="background:#fff;border-radius:6px;padding:24px;font-size:15px;line-height:1.5">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${facts}
${action}
${(content.after ?? []).map(paragraph).join('\n')}
<p style="margin:16px 0 0;white-space:pre-line">${escapeHtml(SIGNATURE)}</p>
</div>
<p style="font-size:12px;color:#868e96;margin-top:16px">${escapeHtml(FOOTER)}</p>
</div>
</body>
</html>
`;
}

/** Renders the content as the plain-text and HTML parts of one German mail. */
export function renderMail(to: string, content: MailContent): MailMessage {
  return { to, subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

/** "Guten Tag Anna Admin," or, without a name, the neutral salutation. */
export function greetingFor(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Guten Tag ${trimmed},` : 'Guten Tag,';
}
