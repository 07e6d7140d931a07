import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { waitForMail } from '../support/mail';
import { expectPath } from '../support/shell';
import { expect, expectConsoleErrors, failedResource, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Project folder journey (SPEC §6 project files), in three browser contexts: the demo supplier uploads a PDF and an NC program to its job's
 * project folder, invites an e-mail without account and sets a new folder password; the invited person sets
 * a password from the mail (which names the project, the company and the person) and lands signed in in the
 * folder and downloads a file; an anonymous visitor
 * opens the project link, is refused with a wrong password, enters the right one and views the PDF in the
 * page; the supplier sees both in the access log.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const PDF = readFileSync(path.join(fixtures, 'Schaltplan-Presse-3.pdf'));
/** The demo job of the demo supplier (server/src/seed/offers.ts). */
const DEMO_JOB = 'AN-2025-0933';

async function newPage(browser: Browser): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { origin: baseURL },
  });
  return context.newPage();
}

function view(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: 'Bereiche des Projektordners' })
    .getByText(name, { exact: true });
}

test('a job folder is shared with an invited guest and an anonymous visitor, both show in the access log', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const pdfName = `Schaltplan-Montage-${stamp}.pdf`;
  const ncName = `Montageplatte-${stamp}.nc`;
  const guestEmail = `e2e-gast-${stamp}@example.test`;
  const folderPassword = `Ordner-${stamp}`;

  // The supplier opens its job's folder from the folder list.
  const supplier = await newPage(browser);
  await signInByApi(supplier, DEMO.lieferant.email);
  await supplier.goto('/business-data');
  // Other journeys add folders of their own: the job is found by its number, not by its place on page 1.
  await supplier.getByRole('textbox', { name: 'Suchen' }).fill(DEMO_JOB);
  await supplier.getByRole('row', { name: new RegExp(DEMO_JOB) }).click();
  await expect.poll(() => new URL(supplier.url()).pathname).toMatch(/^\/business-data\/[0-9a-f]{64}$/);
  const folderPath = new URL(supplier.url()).pathname;

  // Upload a PDF and an NC program.
  await supplier.locator('input[type=file]').setInputFiles([
    { name: pdfName, mimeType: 'application/pdf', buffer: PDF },
    {
      name: ncName,
      mimeType: 'text/plain',
      buffer: Buffer.from('%\nO1000 (MONTAGEPLATTE)\nG90 G21\nM30\n%\n'),
    },
  ]);
  const files = supplier.getByRole('table');
  await expect(files).toContainText(pdfName);
  await expect(files).toContainText(ncName);

  // External users allowed, anonymous access on (the demo folder has both), a new password.
  await view(supplier, 'Einstellungen').click();
  await expect(supplier.getByRole('switch', { name: 'Eingeladene externe Nutzer erlauben' })).toBeChecked();
  await expect(
    supplier.getByRole('switch', { name: 'Anonymen Zugriff mit Passwort erlauben' }),
  ).toBeChecked();
  await view(supplier, 'Passwort').click();
  await supplier.getByRole('textbox', { name: 'Passwort', exact: true }).fill(folderPassword);
  await supplier.getByRole('textbox', { name: 'Passwort wiederholen' }).fill(folderPassword);
  await supplier.getByRole('button', { name: 'Passwort setzen' }).click();
  await expect(supplier.getByText('Passwort wurde gesetzt.')).toBeVisible();

  // Invite an e-mail without account (read).
  await view(supplier, 'Externe Nutzer').click();
  const since = Date.now();
  await supplier.getByRole('textbox', { name: 'E-Mail' }).fill(guestEmail);
  await supplier.getByRole('button', { name: 'Einladen' }).click();
  await expect(supplier.getByText('Einladung wurde verschickt.')).toBeVisible();
  await expect(supplier.getByRole('table')).toContainText(guestEmail);

  // The invitation names the project, the inviting company and person; the guest sets a password from it
  // and lands signed in in the folder.
  const invitation = await waitForMail(guestEmail, { subject: 'Einladung zum Projektordner', since });
  expect(invitation.subject).toContain(DEMO.lieferant.company);
  expect(invitation.text).toContain(`${DEMO.lieferant.name} von ${DEMO.lieferant.company}`);
  expect(invitation.text).toMatch(/Projekt: \S/);
  const link = invitation.links.find((candidate) =>
    candidate.includes('/action?mode=resetPassword&oobCode='),
  );
  expect(link, invitation.text).toBeTruthy();
  const guest = await newPage(browser);
  await guest.goto(link!);
  await expectPath(guest, '/reset');
  const guestPassword = `start-${stamp}`;
  await guest.getByLabel(/^Neues Passwort\s*\*?$/).fill(guestPassword);
  await guest.getByLabel(/^Passwort bestätigen\s*\*?$/).fill(guestPassword);
  await guest.getByRole('button', { name: 'Passwort speichern' }).click();
  await expectPath(guest, folderPath);
  await expect(guest.getByRole('navigation', { name: 'Bereiche des Projektordners' })).not.toContainText(
    'Einstellungen',
  );
  await guest
    .getByRole('row', { name: new RegExp(ncName) })
    .getByRole('checkbox')
    .check();
  const downloading = guest.waitForEvent('download');
  await guest.getByRole('button', { name: 'Herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(ncName);
  expect(readFileSync((await download.path())!, 'utf8')).toContain('O1000 (MONTAGEPLATTE)');
  // A completed download counts (column Downloads, after the selection box and the name).
  await expect
    .poll(async () => {
      await guest.reload();
      return guest
        .getByRole('row', { name: new RegExp(ncName) })
        .getByRole('cell')
        .nth(2)
        .innerText();
    })
    .toBe('1');

  // An anonymous visitor with the project link: a wrong password is refused, the right one opens the folder.
  // The visitor's folder answers 412 until the password is given, the wrong password 403 (SPEC §8).
  const visitor = await newPage(browser);
  expectConsoleErrors(visitor, failedResource(412), failedResource(403));
  await visitor.goto(folderPath);
  await expect(visitor.getByRole('heading', { name: 'Geschützter Projektordner' })).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Passwort', exact: true }).fill('falsch-geraten');
  await visitor.getByRole('button', { name: 'Öffnen' }).click();
  await expect(visitor.getByText('Das Passwort ist falsch.')).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Passwort', exact: true }).fill(folderPassword);
  await visitor.getByRole('button', { name: 'Öffnen' }).click();
  await expect(visitor.getByRole('table')).toContainText(pdfName);
  await expect(visitor.getByRole('button', { name: 'Hochladen' })).toHaveCount(0);
  await visitor.getByRole('button', { name: `Ansehen: ${pdfName}` }).click();
  const viewer = visitor.getByRole('dialog', { name: `Vorschau: ${pdfName}` });
  await expect(viewer.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect(viewer).toContainText(/Seite 1 von \d+/);

  // The supplier's access log shows the guest and the anonymous visitor.
  await view(supplier, 'Zugriffsprotokoll').click();
  const log = supplier.getByRole('table');
  await expect(log).toContainText(guestEmail);
  await expect(log).toContainText('Heruntergeladen');
  await expect(log).toContainText('Passwort falsch');
  await expect(log).toContainText(/Anonymer Besucher \(Sitzung [0-9a-f]{8}\)/);
  await expect(log).toContainText('Angesehen');
});
