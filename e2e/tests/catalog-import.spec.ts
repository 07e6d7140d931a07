import { signInByApi } from '../support/auth';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Catalog import journey (SPEC §2 import dialog, §5): the operator drops a manufacturer's BMEcat catalog into
 * the import dialog without choosing a configuration, sees its preview, takes it over and finds the article
 * with its price per price unit and its ECLASS class, linked to the E-Class master data.
 */

function tag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

/** A BMEcat 2005 catalog of Rittal with two products; the first with ECLASS 27371001 (in the demo's E-Class data). */
function bmecat(id: string): Buffer {
  const product = (number: string, text: string, eclass: string) => `
    <PRODUCT mode="new">
      <SUPPLIER_PID>${number}</SUPPLIER_PID>
      <PRODUCT_DETAILS>
        <DESCRIPTION_SHORT lang="deu">${text}</DESCRIPTION_SHORT>
        <MANUFACTURER_PID>${number}</MANUFACTURER_PID>
      </PRODUCT_DETAILS>
      <PRODUCT_FEATURES>
        <REFERENCE_FEATURE_SYSTEM_NAME>ECLASS-14.0</REFERENCE_FEATURE_SYSTEM_NAME>
        <REFERENCE_FEATURE_GROUP_ID>${eclass}</REFERENCE_FEATURE_GROUP_ID>
        <REFERENCE_FEATURE_GROUP_ID2>0173-1#01-ABC123#005</REFERENCE_FEATURE_GROUP_ID2>
      </PRODUCT_FEATURES>
      <PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><PRICE_QUANTITY>100</PRICE_QUANTITY></PRODUCT_ORDER_DETAILS>
      <PRODUCT_PRICE_DETAILS>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>98.00</PRICE_AMOUNT></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
    </PRODUCT>`;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005">
  <HEADER><SUPPLIER><SUPPLIER_NAME>Rittal</SUPPLIER_NAME></SUPPLIER></HEADER>
  <T_NEW_CATALOG>${product(`BME-${id}-1`, 'Leistungsschütz AC 4 kW', '27371001')}${product(`BME-${id}-2`, 'Motorschutzschalter 1 A', '27-37-04-01')}
  </T_NEW_CATALOG>
</BMECAT>
`);
}

test('BMEcat-Katalog ohne Importkonfiguration importieren und den Artikel mit seiner ECLASS-Klasse sehen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, DEMO.admin.email);
  const id = tag();

  await page.goto('/article');
  await page.getByTestId('article-import-open').click();
  const dialog = page.getByRole('dialog', { name: 'Artikel importieren' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: `rittal-${id}.xml`, mimeType: 'text/xml', buffer: bmecat(id) });
  await expect(dialog.getByTestId('import-catalog-note')).toContainText('ohne Importkonfiguration');
  await dialog.getByTestId('import-start').click();

  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByTestId('preview-rows')).toHaveText('2');
  await expect(preview.getByTestId('preview-created')).toHaveText('2');
  await preview.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog).toBeHidden();
  const progress = page.getByTestId('import-progress');
  await expect(progress.getByTestId('import-state')).toHaveText('Abgeschlossen', { timeout: 90_000 });

  // The price of 100 pieces stays 98 € (with price unit 100); the article shows its ECLASS class.
  await page.getByRole('textbox', { name: 'Suchen' }).fill(`BME-${id}-1`);
  const table = page.getByRole('table', { name: 'Artikel' });
  const row = table.getByRole('row').filter({ hasText: `BME-${id}-1` });
  await expect(row).toContainText('Rittal');
  await expect(row).toContainText('98,00 €');
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]{36}$/);
  const classes = page.getByRole('table', { name: 'Klassen aus dem Herstellerkatalog' });
  await expect(classes).toContainText('ECLASS');
  await expect(classes).toContainText('27371001');
  await expect(classes).toContainText('14.0');
  await expect(classes).toContainText('0173-1#01-ABC123#005');
});
