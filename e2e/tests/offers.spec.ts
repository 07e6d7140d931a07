import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CIRCUIT_DIAGRAM, enquiryWithBom, signedInPage } from '../support/enquiry';
import { expectPath } from '../support/shell';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Offer journey (SPEC §4 offers), in two browser contexts: a customer releases an enquiry with a BOM; the supplier answers
 * with an offer (a changed technical field, a line price, the offer PDF) and releases it; the customer
 * declines with its own reason; the supplier revises (version 2 with the diff) and releases again; the
 * customer compares and accepts with its order PDF (-> /order); the supplier confirms with its order
 * confirmation (-> /job); both see the job; a second supplier never sees the offer.
 */

/** Any real PDF serves as offer, order and order confirmation. */
const PDF = CIRCUIT_DIAGRAM;

/** A choice field of a form: opens it and picks the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

/** Uploads a file in the offer's file section with the type proposed or chosen. */
async function uploadOfferFile(page: Page, name: string, type: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Dateien des Angebots' });
  await section.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: readFileSync(PDF),
  });
  const pending = section.getByTestId('offer-pending-file');
  await pending.getByRole('combobox').click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await pending.getByRole('button', { name: 'Hochladen' }).click();
  await expect(section.getByRole('table')).toContainText(name);
}

test('an enquiry becomes an offer, is declined, revised, compared, accepted and confirmed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Angebotsreise ${stamp}`;
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const supplier = await signedInPage(browser, DEMO.lieferant.email);
  const secondSupplier = await signedInPage(browser, DEMO.lieferant2.email);

  // The customer's enquiry with its circuit diagram and mapped BOM (the BOM journey covers the mapping screen).
  const enquiryId = await enquiryWithBom(customer, title, `AR-${stamp}`);

  await customer.goto(`/enquiry/${enquiryId}`);
  await customer.getByRole('button', { name: 'Freigeben' }).click();
  await customer
    .getByRole('dialog', { name: 'Anfrage freigeben' })
    .getByRole('button', { name: 'Jetzt freigeben' })
    .click();
  await expect(customer.getByText('Die Anfrage wurde freigegeben.')).toBeVisible();

  // The supplier answers: the enquiry's values are copied, a changed technical field is marked.
  await supplier.goto(`/enquiry/${enquiryId}`);
  await supplier.getByRole('link', { name: 'Angebot erstellen' }).click();
  await expect.poll(() => new URL(supplier.url()).pathname).toMatch(/^\/offer\/[0-9a-f-]{36}$/);
  const offerPath = new URL(supplier.url()).pathname;
  const offerId = offerPath.split('/').pop()!;
  await expect(supplier.getByRole('heading', { name: /Version 1/ })).toBeVisible();
  await expect(supplier.getByTestId('changes-detected')).toHaveCount(0);
  await supplier.getByRole('textbox', { name: 'Angebotsnummer' }).fill(`AN-${stamp}`);
  await supplier.getByRole('textbox', { name: 'Preis', exact: true }).fill('11800');
  await choose(supplier, 'Verpackung', 'Holzkiste');
  await expect(supplier.getByTestId('changes-detected')).toBeVisible();

  // A line price in the articles table: lines whose article has a catalog price start priced (SPEC §8),
  // the edited line adds one to the priced count.
  const pricedCount = supplier.getByText(/^\d+ von \d+ Zeilen mit Stückpreis$/);
  await expect(pricedCount).toBeVisible();
  const [pricedBefore = 0, lineCount = 0] = ((await pricedCount.textContent()) ?? '')
    .match(/\d+/g)!
    .map(Number);
  await supplier
    .getByRole('button', { name: /^Zeile \d+ bearbeiten$/ })
    .first()
    .click();
  const lineDialog = supplier.getByRole('dialog', { name: /^Artikel in Zeile \d+ bearbeiten$/ });
  await lineDialog.getByLabel('Stückpreis (EUR)').fill('12,50');
  await lineDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(supplier.getByText('Der Artikel wurde gespeichert.')).toBeVisible();
  await expect(pricedCount).toHaveText(`${pricedBefore + 1} von ${lineCount} Zeilen mit Stückpreis`);

  await uploadOfferFile(supplier, 'Angebot.pdf', 'Angebot');
  await supplier.getByRole('button', { name: 'Freigeben' }).click();
  await expect(supplier.getByText('Das Angebot wurde freigegeben.')).toBeVisible();
  await expect(supplier.getByTestId('read-only-notice')).toBeVisible();

  // The customer sees the change against its enquiry and declines with its own reason.
  await customer.goto('/offer');
  await customer.getByRole('textbox', { name: 'Suchen' }).fill(`AR-${stamp}`);
  const row = customer.getByRole('row', { name: new RegExp(`AN-${stamp}`) });
  await expect(row).toContainText(DEMO.lieferant.company);
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await expectPath(customer, offerPath);
  await expect(customer.getByTestId('changes-detected')).toBeVisible();
  await customer.getByRole('button', { name: 'Ablehnen' }).click();
  const decline = customer.getByRole('dialog', { name: 'Angebot ablehnen' });
  await decline.getByRole('combobox', { name: 'Ablehnungsgrund' }).click();
  await customer.getByRole('option', { name: 'Anderer Grund' }).click();
  await decline.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(decline.getByText('Bitte beschreiben Sie den Ablehnungsgrund.')).toBeVisible();
  await decline.getByLabel('Beschreibung des Grundes').fill('Bitte mit Lieferung in KW 30 anbieten.');
  await decline.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(customer.getByText('Das Angebot wurde abgelehnt.')).toBeVisible();
  // SPEC §4: a decline goes to /order; the declined offer itself stays among the offers.
  await expectPath(customer, '/order');
  await customer.goto(offerPath);
  await expect(customer.getByTestId('offer-rejection')).toContainText(
    'Bitte mit Lieferung in KW 30 anbieten.',
  );

  // The supplier revises: version 2 opens as a draft, the diff to version 1 is listed once released.
  await supplier.reload();
  await expect(supplier.getByTestId('offer-rejection')).toBeVisible();
  await supplier.getByRole('button', { name: 'Überarbeiten' }).click();
  await supplier.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
  await expect(supplier.getByRole('heading', { name: /Version 2/ })).toBeVisible();
  const revisionPath = new URL(supplier.url()).pathname;
  expect(revisionPath).not.toBe(offerPath);
  await supplier.getByRole('textbox', { name: 'Preis', exact: true }).fill('10900');
  await uploadOfferFile(supplier, 'Angebot V2.pdf', 'Angebot');
  await supplier.getByRole('button', { name: 'Freigeben' }).click();
  await expect(supplier.getByText('Das Angebot wurde freigegeben.')).toBeVisible();
  const versions = supplier.getByRole('region', { name: 'Versionen' });
  await expect(versions.getByTestId('offer-version')).toHaveCount(2);
  await expect(versions).toContainText('Preis');
  await expect(versions).toContainText('10.900,00');

  // The second supplier sees the enquiry but never the offer.
  const foreign = await secondSupplier.request.get(`/api/offer/?id=${offerId}`);
  expect(foreign.status()).toBe(404);
  await secondSupplier.goto('/offer');
  await secondSupplier.getByRole('textbox', { name: 'Suchen' }).fill(`AR-${stamp}`);
  await expect(secondSupplier.getByText('Keine Angebote gefunden.')).toBeVisible();

  // The customer compares on its enquiry and accepts with its order PDF.
  await customer.goto(`/enquiry/${enquiryId}`);
  await expect(customer.getByRole('heading', { name: 'Angebotsvergleich' })).toBeVisible();
  const comparison = customer.getByRole('table', { name: 'Angebote im Vergleich' });
  await expect(comparison).toContainText(DEMO.lieferant.company);
  await expect(comparison).toContainText('niedrigster Preis');
  await comparison.getByRole('button', { name: `Angebot von ${DEMO.lieferant.company} annehmen` }).click();
  const accept = customer.getByRole('dialog');
  await accept.locator('input[type=file]').setInputFiles({
    name: 'Bestellung.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(PDF),
  });
  await accept.getByRole('button', { name: 'Jetzt annehmen' }).click();
  await expect(customer.getByText('Das Angebot wurde angenommen.')).toBeVisible();
  await expect.poll(() => new URL(customer.url()).pathname).toMatch(/^\/order\/[0-9a-f-]{36}$/);
  const orderId = new URL(customer.url()).pathname.split('/').pop()!;

  // The supplier confirms with its order confirmation: the order becomes a job.
  await supplier.goto(`/order/${orderId}`);
  await supplier.getByRole('button', { name: 'Bestätigen' }).click();
  const confirm = supplier.getByRole('dialog', { name: 'Bestellung bestätigen' });
  await confirm.locator('input[type=file]').setInputFiles({
    name: 'Auftragsbestaetigung.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(PDF),
  });
  await confirm.getByRole('button', { name: 'Jetzt bestätigen' }).click();
  await expect(
    supplier.getByText('Die Bestellung wurde bestätigt. Sie ist jetzt ein Auftrag.'),
  ).toBeVisible();
  await expectPath(supplier, `/job/${orderId}`);

  // Both see it among their jobs.
  for (const page of [supplier, customer]) {
    await page.goto('/job');
    await page.getByRole('textbox', { name: 'Suchen' }).fill(`AR-${stamp}`);
    await expect(page.getByRole('row', { name: new RegExp(`AN-${stamp}`) })).toBeVisible();
  }
  for (const page of [customer, supplier, secondSupplier]) await page.context().close();
});
