import type { Page } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * BOM journey (SPEC §5 BOM header row and mapping, §9 estimate): a customer uploads an EPLAN-style BOM whose header is in row 3, accepts the proposed
 * header row and mapping, and sees the statuses and the estimate; an operator assigns the catalog article to
 * an unknown number for all lines with that number on the BOM import page, and the customer's open draft
 * shows those lines matched.
 */

/** A BOM as EPLAN writes it: two title rows, the header in row 3; numbers of the demo catalog. */
function eplanBom(unknownNumber: string): Buffer {
  return Buffer.from(
    [
      'Stückliste;;;;',
      'Projekt: Presse 7 (EPLAN Electric P8);;;;',
      'Menge;ME;Hersteller;Bestellnummer;BMK',
      '3;Stk;Siemens;3RV2011-1AA10;-Q1',
      '2;Stk;SIEMENS AG;3RT2015-1AL21;-K1',
      `10;Stk;Phoenix Contact;${unknownNumber};-X9`,
      `5;Stk;Phoenix Contact;${unknownNumber};-X10`,
      '',
    ].join('\r\n'),
    'utf8',
  );
}

async function uploadAndMap(page: Page, region: string, name: string, content: Buffer): Promise<void> {
  await page
    .getByRole('region', { name: region })
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: content });
}

test('a customer’s BOM is matched with an estimate; an operator fixes a number for all its lines', async ({
  page,
}) => {
  // Two people's whole task (upload, mapping, matching, the operator's fix and the re-match): 17–34 s on a
  // quiet machine, more at the CI's load; marked slow (three times the default limit).
  test.slow();
  const stamp = Date.now();
  const unknown = `PX-E2E-${stamp}`;

  // The customer's draft.
  await signInByApi(page, DEMO.kunde.email);
  const nextYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/enquiry/', {
    headers: { origin: test.info().project.use.baseURL! },
    data: {
      title: `Presse 7 ${stamp}`,
      referenceNumber: `E2E-${stamp}`,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: nextYear,
      amount: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const enquiryId = ((await created.json()) as { id: string }).id;
  await page.goto(`/enquiry/${enquiryId}`);

  // Upload: the header row 3 and the mapping are proposed; the customer accepts them.
  await uploadAndMap(page, 'Stückliste', 'Stückliste Presse 7.csv', eplanBom(unknown));
  await expect(page.getByTestId('bom-header-row')).toContainText('Zeile 3 (Vorschlag)');
  await page.getByRole('button', { name: 'Spalten zuordnen: Stückliste Presse 7.csv' }).click();
  const drawer = page.getByRole('dialog', { name: 'Spalten zuordnen' });
  await expect(drawer.getByTestId('bom-header-row-index')).toHaveValue('3');
  await expect(drawer.getByLabel('Feld für die Spalte „Bestellnummer“', { exact: true })).toHaveValue(
    'Bestellnummer',
  );
  await drawer.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Zuordnung wurde gespeichert.')).toBeVisible();

  // Statuses and the estimate.
  const filter = page.getByRole('group', { name: 'Zeilen nach Status filtern' });
  await expect(filter.getByText('Zugeordnet 2')).toBeVisible();
  await expect(filter.getByText('Nicht gefunden 2')).toBeVisible();
  await expect(page.getByTestId('bom-estimate-per-cabinet')).toContainText('€');
  await expect(page.getByTestId('bom-estimate-total')).toContainText('2 Schaltschränke');

  // The operator matches the same number on the BOM import page, for all lines with it.
  await page.context().clearCookies();
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/import/stueckliste');
  await uploadAndMap(page, 'Stückliste abgleichen', 'Abgleich Presse 7.csv', eplanBom(unknown));
  const operatorDrawer = page.getByRole('dialog', { name: 'Spalten zuordnen' });
  await expect(operatorDrawer.getByTestId('bom-header-row-index')).toHaveValue('3');
  await operatorDrawer.getByRole('button', { name: 'Speichern' }).click();
  const result = page.getByRole('region', { name: 'Ergebnis des Abgleichs' });
  await expect(result.getByTestId('bom-result-summary')).toContainText('Erfolgsquote 50');
  const openLine = result.getByRole('row').filter({ hasText: '-X9' });
  await openLine.getByRole('button', { name: /^Artikel für Zeile \d+ zuordnen$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Artikel zuordnen/ });
  await dialog.getByLabel('Artikel im Katalog suchen').fill('3203053');
  await dialog.getByRole('radio', { name: /3203053/ }).check();
  await dialog.getByRole('radio', { name: 'Alle Zeilen mit dieser Nummer' }).check();
  await dialog.getByRole('button', { name: 'Zuordnen' }).click();
  await expect(page.getByText('Der Artikel wurde 2 Zeilen zugeordnet.')).toBeVisible();
  await expect(result.getByTestId('bom-result-summary')).toContainText('Erfolgsquote 100');

  // The customer's open draft now has those lines matched.
  await page.context().clearCookies();
  await signInByApi(page, DEMO.kunde.email);
  await page.goto(`/enquiry/${enquiryId}`);
  await expect(filter.getByText('Zugeordnet 4')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '-X10' })).toContainText('3203053');
});
