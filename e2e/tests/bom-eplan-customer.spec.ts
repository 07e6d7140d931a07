import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInByApi } from '../support/auth';
import { ensureCatalogArticle } from '../support/catalog';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * BOM journey of a customer (SPEC §5 BOM header row and mapping, §3 BOM line matching info) on a real EPLAN
 * P8 "Artikelstückliste" (.xlsx): five title rows and a banner above the header in row 7, the structure
 * prefixes below the column names, quantities as text, EPLAN short codes. The customer takes the proposed
 * header row and mapping, gives the unknown code "SIMATIC" its manufacturer for this BOM, takes a suggestion
 * for a mistyped number, and sees the success rate rise each time.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const EPLAN_BOM = path.join(fixtures, 'Artikelstückliste-EPLAN-Presse-3.xlsx');
/** The number of the two "SIMATIC" lines; a Rittal article with the same number makes it ambiguous alone. */
const SHARED_NUMBER = '3RT2015-1AC21';

test('a customer maps an EPLAN file, assigns an unknown short code, takes a suggestion and the success rate rises', async ({
  page,
}) => {
  // A whole task in one journey: upload, mapping and two re-matches, each waiting for the server.
  test.setTimeout(90_000);
  const origin = test.info().project.use.baseURL!;
  const stamp = Date.now();

  // World: a Rittal article with the Siemens number (the operator's catalog; another run may have made it).
  await signInByApi(page, DEMO.admin.email);
  await ensureCatalogArticle(page, 'Rittal', SHARED_NUMBER);
  await page.context().clearCookies();

  // The customer's draft.
  await signInByApi(page, DEMO.kunde.email);
  const nextYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/enquiry/', {
    headers: { origin },
    data: {
      title: `Presse 3 ${stamp}`,
      referenceNumber: `EPLAN-${stamp}`,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: nextYear,
      amount: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const enquiryId = ((await created.json()) as { id: string }).id;
  await page.goto(`/enquiry/${enquiryId}`);

  // Upload: row 7 and the EPLAN columns are proposed; the customer takes them as they are.
  await page.getByRole('region', { name: 'Stückliste' }).locator('input[type=file]').setInputFiles(EPLAN_BOM);
  await expect(page.getByTestId('bom-header-row')).toContainText('Zeile 7 (Vorschlag)');
  await page.getByRole('button', { name: 'Spalten zuordnen: Artikelstückliste-EPLAN-Presse-3.xlsx' }).click();
  const drawer = page.getByRole('dialog', { name: 'Spalten zuordnen' });
  await expect(drawer.getByTestId('bom-header-row-index')).toHaveValue('7');
  await expect(drawer.getByLabel('Feld für die Spalte „Hersteller“', { exact: true })).toHaveValue(
    'Hersteller',
  );
  await expect(drawer.getByLabel('Feld für die Spalte „Bestellnummer“', { exact: true })).toHaveValue(
    'Bestellnummer',
  );
  await drawer.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Zuordnung wurde gespeichert.')).toBeVisible();

  // One of five lines matched: the code SIMATIC is unknown, one number is mistyped, one part is supplied.
  const filter = page.getByRole('group', { name: 'Zeilen nach Status filtern' });
  const rate = page.getByTestId('bom-success-rate');
  await expect(rate).toHaveText('Erfolgsquote 20 %');
  await expect(filter.getByText('Nicht eindeutig 2')).toBeVisible();
  await expect(filter.getByText('Beigestellt 1')).toBeVisible();

  // The panel names the unknown code and the manufacturers that have its numbers; no "anlegen" for customers.
  const unknown = page.getByRole('region', { name: 'Unbekannte Hersteller' });
  const simatic = unknown.getByRole('group', { name: 'SIMATIC' });
  await expect(simatic).toContainText('2 Zeilen');
  await expect(simatic.getByRole('button', { name: '„SIMATIC“ anlegen' })).toHaveCount(0);
  await simatic.getByRole('combobox', { name: 'Vorhandener Hersteller für „SIMATIC“' }).click();
  await page.getByRole('option', { name: 'Siemens', exact: true }).click();
  await simatic.getByRole('button', { name: 'in dieser Stückliste als Siemens übernehmen' }).click();
  await expect(
    page.getByText(
      'Die 2 Zeilen mit „SIMATIC“ nennen jetzt den Hersteller „Siemens“ und wurden neu abgeglichen.',
    ),
  ).toBeVisible();
  await expect(rate).toHaveText('Erfolgsquote 60 %');
  await expect(unknown).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: '-K1' })).toContainText('Zugeordnet');

  // The mistyped number: its suggestions, the first taken with one click.
  const typo = page.getByRole('row').filter({ hasText: '-K4' });
  await expect(typo).toContainText('Nicht gefunden');
  await typo.getByRole('button', { name: /^Vorschläge für Zeile \d+/ }).click();
  const first = page.getByRole('menuitem').first();
  await expect(first).toHaveAccessibleName(/übernehmen \(Ähnlichkeit \d+ %\)$/);
  await first.click();
  await expect(
    page.getByText('Der Vorschlag wurde in die Zeile übernommen; sie wurde neu abgeglichen.'),
  ).toBeVisible();
  await expect(rate).toHaveText('Erfolgsquote 80 %');
  await expect(typo).toContainText('Zugeordnet');

  // Stored, not only shown: the rate holds after a reload.
  await page.reload();
  await expect(page.getByTestId('bom-success-rate')).toHaveText('Erfolgsquote 80 %');
});
