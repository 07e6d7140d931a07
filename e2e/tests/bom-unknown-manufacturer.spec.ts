import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInByApi } from '../support/auth';
import { ensureCatalogArticle } from '../support/catalog';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * BOM journey (SPEC §3 BOM line matching info, §5 name variants): EPLAN writes manufacturers as short codes.
 * The operator's administrator imports a BOM whose code "SIEM" the demo master data does not know (it knows
 * SIE, the EPLAN code of Siemens), assigns it on the result as a name variant of Siemens, and sees the lines
 * matched again and the success rate rise.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
/** Two lines "SIEM 3RT2015-2BF40" (a Siemens contactor of the demo catalog) and two known Siemens lines. */
const BOM_WITH_CODES = path.join(fixtures, 'Stückliste-EPLAN-Kürzel.csv');
const SHARED_NUMBER = '3RT2015-2BF40';

test('the operator assigns an unknown EPLAN manufacturer code as a name variant and the success rate rises', async ({
  page,
}) => {
  await signInByApi(page, DEMO.admin.email);
  // Order numbers are unique per manufacturer only (SPEC §5): a Rittal article with the same number makes
  // the number alone ambiguous, so the lines need their manufacturer to match.
  const manufacturers = await ensureCatalogArticle(page, 'Rittal', SHARED_NUMBER);

  // Upload and map: the header row and the mapping are proposed.
  await page.goto('/import/stueckliste');
  await page
    .getByRole('region', { name: 'Stückliste abgleichen' })
    .locator('input[type=file]')
    .setInputFiles(BOM_WITH_CODES);
  const drawer = page.getByRole('dialog', { name: 'Spalten zuordnen' });
  await expect(drawer.getByTestId('bom-header-row-index')).toHaveValue('1');
  await expect(drawer.getByLabel('Feld für die Spalte „Hersteller“', { exact: true })).toHaveValue(
    'Hersteller',
  );
  await drawer.getByRole('button', { name: 'Speichern' }).click();
  const result = page.getByRole('region', { name: 'Ergebnis des Abgleichs' });
  await expect(result.getByTestId('bom-result-summary')).toContainText('Erfolgsquote 50');
  const filter = result.getByRole('group', { name: 'Zeilen nach Status filtern' });
  await expect(filter.getByText('Nicht eindeutig 2')).toBeVisible();

  // The panel lists the unknown code with its lines and both actions.
  const unknown = result.getByRole('region', { name: 'Unbekannte Hersteller' });
  const siem = unknown.getByRole('group', { name: 'SIEM' });
  await expect(siem).toContainText('2 Zeilen');
  await expect(siem.getByRole('button', { name: '„SIEM“ anlegen' })).toBeEnabled();

  // "als Variante von Siemens zuordnen"
  await siem.getByRole('combobox', { name: 'Vorhandener Hersteller für „SIEM“' }).fill('Siemens');
  await page.getByRole('option', { name: 'Siemens', exact: true }).click();
  await siem.getByRole('button', { name: 'als Variante von Siemens zuordnen' }).click();
  await expect(
    page.getByText(
      '„SIEM“ ist jetzt eine Namensvariante des Herstellers „Siemens“; 2 Zeilen wurden neu abgeglichen.',
    ),
  ).toBeVisible();

  // The lines are matched again at once: the success rate rises, the code leaves the list.
  await expect(result.getByTestId('bom-result-summary')).toContainText('Erfolgsquote 100');
  await expect(filter.getByText('Zugeordnet 4')).toBeVisible();
  await expect(unknown).toBeHidden();
  await expect(result.getByRole('row').filter({ hasText: '-K1' })).toContainText('Zugeordnet');

  // The master data carries the code now.
  const siemens = manufacturers.find((item) => item.displayName === 'Siemens')!;
  const detail = await page.request.get(`/api/manufacturer/?id=${siemens.id}`);
  expect(((await detail.json()) as { nameVariants: string[] }).nameVariants).toContain('SIEM');
});
