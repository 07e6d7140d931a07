import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { draftOffer, releasedEnquiry } from '../support/a11y-records';
import { CIRCUIT_DIAGRAM, inDays, signedInPage } from '../support/enquiry';
import { expectPath } from '../support/shell';
import { expect, expectConsoleErrors, failedResource, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Alternatives and the offer page's small things (SPEC §2, §4), in two browser contexts at 1,440 px: the
 * supplier's articles table shows note and actions without sideways scrolling; a refused upload does not stay
 * among the files; the supplier offers an alternative article on a line; the customer sees "Alternative: …
 * statt …" with both prices under the title "{reference} – Version 1" and the offer number beside it, declines
 * and lands on /order; after a revision, version 1 stays reachable from the list's "Versionen".
 */

const WIDE = { width: 1440, height: 900 };

/** How far the box around the table scrolls sideways (0: everything fits). */
function sidewaysOverflow(table: Locator): Promise<number> {
  return table.evaluate((element) => {
    let widest = 0;
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      widest = Math.max(widest, box.scrollWidth - box.clientWidth);
    }
    return widest;
  });
}

async function releaseOffer(supplier: Page, offerId: string, offerNumber: string): Promise<void> {
  const current = (await (await supplier.request.get(`/api/offer/?id=${offerId}`)).json()) as {
    lastUpdate: string;
    technicalSpec: object;
  };
  const released = await supplier.request.post('/api/offer/release', {
    data: {
      offerId,
      lastUpdate: current.lastUpdate,
      offerNumber,
      price: 12_500,
      deliveryCondition: 'DAP',
      desiredDeliveryDate: inDays(90),
      additionalInfoSupplier: null,
      technicalSpec: current.technicalSpec,
    },
  });
  expect(released.status(), await released.text()).toBe(200);
}

test('the supplier offers an alternative, the customer sees both prices and declines; versions stay reachable', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const offerNumber = `ALT-${stamp}`;
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const supplier = await signedInPage(browser, DEMO.lieferant.email);
  await customer.setViewportSize(WIDE);
  await supplier.setViewportSize(WIDE);
  const enquiryId = await releasedEnquiry(customer, `Alternativen ${stamp}`);
  const offerId = await draftOffer(supplier, enquiryId);
  const reference = (
    (await (await supplier.request.get(`/api/offer/?id=${offerId}`)).json()) as {
      referenceNumber: string;
    }
  ).referenceNumber;

  // At 1,440 px the articles table shows its note and the row actions without scrolling sideways.
  await supplier.goto(`/offer/${offerId}`);
  const articles = supplier.getByTestId('offer-articles');
  const table = articles.getByRole('table', { name: 'Zeilen der Stückliste' });
  await expect(table.getByRole('button', { name: /^Zeile \d+ bearbeiten$/ }).first()).toBeVisible();
  await articles.scrollIntoViewIfNeeded();
  expect(await sidewaysOverflow(table)).toBe(0);
  await expect(table.getByRole('columnheader', { name: 'Notiz' })).toBeInViewport();
  await expect(table.getByRole('button', { name: /^Zeile \d+ bearbeiten$/ }).first()).toBeInViewport();
  await articles.screenshot({ path: test.info().outputPath('offer-articles-1440.png') });

  // A file the server refuses (not a PDF inside: 415) leaves the waiting list and is not among the files.
  expectConsoleErrors(supplier, failedResource(415));
  const files = supplier.getByRole('region', { name: 'Dateien des Angebots' });
  await files.locator('input[type=file]').setInputFiles({
    name: 'Kaputt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('kein PDF'),
  });
  await files.getByTestId('offer-pending-file').getByRole('button', { name: 'Hochladen' }).click();
  await expect(files.getByTestId('offer-upload-failed')).toContainText('Kaputt.pdf');
  await expect(files.getByTestId('offer-pending-file')).toHaveCount(0);
  await expect(files.getByRole('table')).toHaveCount(0);
  await files.locator('input[type=file]').setInputFiles({
    name: 'Angebot.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(CIRCUIT_DIAGRAM),
  });
  const pending = files.getByTestId('offer-pending-file');
  await pending.getByRole('combobox').click();
  await supplier.getByRole('option', { name: 'Angebot', exact: true }).click();
  await pending.getByRole('button', { name: 'Hochladen' }).click();
  await expect(files.getByRole('table')).toContainText('Angebot.pdf');
  await expect(files.getByRole('table')).not.toContainText('Kaputt.pdf');

  // The pricing desk: the new offer's lines start priced from the catalog with their source; a markup of 10 %
  // on all lines raises the material in the offer by exactly that much over the purchase.
  const pricing = supplier.getByTestId('offer-pricing');
  await expect(table).toContainText(/Großhändler|Rabattgruppe|Katalog/);
  await pricing.getByRole('textbox', { name: 'Aufschlag in %' }).fill('10');
  await pricing.getByRole('button', { name: 'Aufschlag anwenden' }).click();
  await expect(supplier.getByText(/^(1 Zeile|\d+ Zeilen) geändert\.$/)).toBeVisible();
  const figure = async (label: string) =>
    Number(
      (await pricing.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText())
        .replace(/[^\d,]/g, '')
        .replace(',', '.'),
    );
  const purchase = await figure('Material im Einkauf');
  await expect.poll(() => figure('Material im Angebot')).toBeCloseTo(purchase * 1.1, 1);
  await pricing.screenshot({ path: test.info().outputPath('offer-pricing.png') });

  // The contactor line (-K1, Siemens 3RT2016-1BB41) gets an alternative from the catalog with its own price.
  const contactor = table.getByRole('row', { name: /3RT2016-1BB41/ });
  await contactor.getByRole('button', { name: /^Zeile \d+ bearbeiten$/ }).click();
  const dialog = supplier.getByRole('dialog', { name: /^Artikel in Zeile \d+ bearbeiten$/ });
  await dialog.getByLabel('Stückpreis (EUR)').fill('48,00');
  await dialog.getByRole('checkbox', { name: /Alternativartikel anbieten/ }).check();
  await dialog.getByRole('textbox', { name: 'Alternativartikel im Katalog suchen' }).fill('3RT2015-1AL21');
  await dialog.getByRole('radio', { name: /3RT2015-1AL21/ }).check();
  await dialog.getByLabel('Stückpreis der Alternative (EUR)').fill('39,90');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(supplier.getByText('Der Artikel wurde gespeichert.')).toBeVisible();
  await expect(contactor.getByTestId('offer-line-alternative')).toContainText(
    /Alternative: .*3RT2015-1AL21 statt .*3RT2016-1BB41 · 39,90\s€ je Stück/,
  );
  await releaseOffer(supplier, offerId, offerNumber);

  // The customer: title with the reference and version, the offer number beside it, the alternative with
  // both prices (48,00 € for the original, 39,90 € for the alternative) and no purchase price source.
  await customer.goto(`/offer/${offerId}`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText(`${reference} – Version 1`);
  await expect(customer.getByTestId('offer-number')).toHaveText(`Angebot ${offerNumber}`);
  const seen = customer.getByTestId('offer-articles').getByRole('row', { name: /3RT2016-1BB41/ });
  await expect(seen).toContainText(/48,00\s€/);
  await expect(seen.getByTestId('offer-line-alternative')).toContainText(
    /Alternative: .*3RT2015-1AL21 statt .*3RT2016-1BB41 · 39,90\s€ je Stück/,
  );
  await expect(seen).toContainText(/Alternative: 79,80\s€/);
  await expect(seen).not.toContainText(/Katalog|Rabattgruppe|Großhändler|Einkauf/);

  // Declining goes to /order (SPEC §4).
  await customer.getByRole('button', { name: 'Ablehnen' }).click();
  const decline = customer.getByRole('dialog', { name: 'Angebot ablehnen' });
  await decline.getByRole('combobox', { name: 'Ablehnungsgrund' }).click();
  await customer.getByRole('option', { name: 'Preis entspricht nicht den Erwartungen' }).click();
  await decline.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(customer.getByText('Das Angebot wurde abgelehnt.')).toBeVisible();
  await expectPath(customer, '/order');

  // The supplier revises: the list shows version 2, and version 1 is one click away in "Versionen".
  const revised = await supplier.request.post('/api/offer/revise', { data: { offerId } });
  expect(revised.status(), await revised.text()).toBe(201);
  const revisionId = ((await revised.json()) as { id: string }).id;
  await supplier.goto('/offer');
  await supplier.getByRole('textbox', { name: 'Suchen' }).fill(reference);
  const row = supplier.getByRole('row', { name: new RegExp(offerNumber) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Version 1 öffnen' }).click();
  await expectPath(supplier, `/offer/${offerId}`);
  await expect(supplier.getByRole('heading', { level: 1 })).toHaveText(`${reference} – Version 1`);
  await expect(supplier.getByTestId('offer-revised')).toBeVisible();
  await supplier.getByRole('link', { name: 'Zur aktuellen Version' }).click();
  await expectPath(supplier, `/offer/${revisionId}`);
  await expect(supplier.getByRole('heading', { level: 1 })).toHaveText(`${reference} – Version 2`);
  for (const page of [customer, supplier]) await page.context().close();
});
