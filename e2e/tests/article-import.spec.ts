import type { Page } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Article import journey (SPEC §2 import dialog): the operator creates an import configuration from a supplier's sample file
 * (header row, mapping, units in mm and g, proposed from the column names), imports the supplier's
 * catalog: its preview shows what would happen and the manufacturer the master data does
 * not know, which the operator creates right there; "Übernehmen" writes with visible progress, and an
 * imported article is in the list, converted to cm and kg.
 */

const ROWS = 20_000;

function tag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

/** The manufacturer of every 100th row: one the portal does not know yet. */
const newcomer = (id: string) => `Kabelwerk ${id}`;

/**
 * The wholesaler's catalog: a title row, the header row 2, semicolons, decimal commas, mm and g; the
 * manufacturer per row, mostly Rittal, every 100th row one the portal does not know.
 */
function catalog(id: string, rows: number): Buffer {
  const lines = [
    'Preisliste Schaltschrankzubehör;;;;;;',
    'Hersteller;Artikelnummer;Bezeichnung;Breite mm;Höhe mm;Gewicht g;Listenpreis',
  ];
  for (let index = 1; index <= rows; index++) {
    const manufacturer = index % 100 === 0 ? newcomer(id) : 'Rittal';
    lines.push(
      `${manufacturer};IMP-${id}-${String(index).padStart(5, '0')};Kabelkanal grau Größe ${index};450;1250;2500;${index},50`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('Importkonfiguration aus einer Beispieldatei anlegen, Katalog mit Vorschau und neuem Hersteller importieren, Artikel finden', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, DEMO.admin.email);
  const id = tag();
  const file = { name: `rittal-${id}.csv`, mimeType: 'text/csv', buffer: catalog(id, ROWS) };

  // The configuration: title, description, manufacturer, sample with headers in row 2 below a title row.
  await page.goto('/import/config/new');
  await expect(page.getByRole('heading', { name: 'Neue Importkonfiguration' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel' }).fill(`Rittal ${id}`);
  await page
    .getByRole('textbox', { name: 'Beschreibung' })
    .fill('Preisliste mit Maßen in mm und Gewichten in g');
  await choose(page, 'Hersteller', 'Rittal');
  await page.locator('input[type=file]').setInputFiles({ ...file, buffer: catalog(id, 5) });
  await expect(page.getByTestId('sample-file-name')).toHaveText(`Beispieldatei: ${file.name}`);
  await expect(page.getByTestId('headers-found')).toHaveText('7 Spalten gefunden.');

  // The header row, the mapping and the units are proposed from the column names.
  await expect(page.getByTestId('header-row-index')).toHaveValue('2');
  await expect(page.getByTestId('header-row-proposed')).toHaveText(
    'Kopfzeile 2 erkannt, 7 Spalten automatisch zugeordnet. Bitte prüfen Sie Zuordnung und Einheiten.',
  );
  const proposed: [string, string][] = [
    ['Hersteller', 'Hersteller'],
    ['Artikelnummer', 'Bestellnummer'],
    ['Bezeichnung', 'Beschreibung'],
    ['Breite mm', 'Breite'],
    ['Höhe mm', 'Höhe'],
    ['Gewicht g', 'Gewicht'],
    ['Listenpreis', 'Listenpreis'],
  ];
  for (const [header, field] of proposed) {
    await expect(page.getByRole('combobox', { name: `Artikelfeld: ${header}` })).toHaveValue(field);
  }
  await expect(page.getByRole('combobox', { name: /^Breite/ })).toHaveValue('Millimeter (mm)');
  await expect(page.getByRole('combobox', { name: /^Höhe/ })).toHaveValue('Millimeter (mm)');
  await expect(page.getByRole('combobox', { name: /^Tiefe/ })).toHaveValue('Zentimeter (cm)');
  await expect(page.getByRole('combobox', { name: /^Gewicht/ })).toHaveValue('Gramm (g)');

  // The proposal stays editable: without the order number mapped, saving is refused with the SPEC's reason.
  await choose(page, 'Artikelfeld: Artikelnummer', 'ERP-Nummer');
  await page.getByTestId('import-config-save').click();
  await expect(page.getByText('Bitte ordnen Sie der Bestellnummer eine Spalte zu.')).toBeVisible();
  await choose(page, 'Artikelfeld: Artikelnummer', 'Bestellnummer');
  await page.getByTestId('import-config-save').click();
  await expect(page.getByText('Die Importkonfiguration wurde gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/import\/config\/[0-9a-f-]{36}$/);

  // The import: dialog, file, start; the file is read and the preview shown in the dialog.
  await page.goto('/article');
  await page.getByTestId('article-import-open').click();
  const dialog = page.getByRole('dialog', { name: 'Artikel importieren' });
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte wählen Sie eine Datei aus.');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByTestId('import-file-name')).toContainText(file.name);
  // A BMEcat or DATANORM file names its own columns; a table needs the configuration that maps them.
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte wählen Sie eine Importkonfiguration.');
  await choose(page, 'Importkonfiguration', `Rittal ${id}`);
  await dialog.getByTestId('import-start').click();

  // The preview says what would happen; nothing is written yet.
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByTestId('preview-rows')).toHaveText('20.000');
  await expect(preview.getByTestId('preview-created')).toHaveText('19.800');
  await expect(preview.getByTestId('preview-refused')).toHaveText('200');
  await expect(preview.getByRole('table', { name: 'Abgelehnte Zeilen nach Grund' })).toContainText(
    'Hersteller nicht bekannt',
  );
  // The unknown manufacturer is created right there ("anlegen"); its rows are taken over.
  const unknown = preview.getByRole('group', { name: newcomer(id) });
  await expect(unknown).toContainText('200 Zeilen');
  await unknown.getByRole('button', { name: `„${newcomer(id)}“ anlegen` }).click();
  await expect(unknown).toBeHidden();
  await expect(preview.getByTestId('preview-created')).toHaveText('20.000');
  await expect(preview.getByTestId('preview-refused')).toHaveText('0');
  await preview.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog).toBeHidden();

  // "Übernehmen" writes; the progress shows percent, elapsed time and counts.
  const progress = page.getByTestId('import-progress');
  await expect(progress.getByTestId('import-percent')).toHaveText(/^\d{1,3} %$/);
  await expect(progress.getByTestId('import-elapsed')).toHaveText(/^\d+:\d{2}$/);
  await expect(progress.getByTestId('import-state')).toHaveText('Abgeschlossen', { timeout: 90_000 });
  await expect(progress.getByTestId('import-percent')).toHaveText('100 %');
  await expect(progress.getByTestId('import-created')).toHaveText('20.000');
  await expect(progress.getByTestId('import-errors')).toHaveText('0');

  // The imported article in the list: 450 mm × 1250 mm → 45 × 125 cm, 2500 g → 2,5 kg.
  await page.getByRole('textbox', { name: 'Suchen' }).fill(`IMP-${id}-12345`);
  const table = page.getByRole('table', { name: 'Artikel' });
  const row = table.getByRole('row').filter({ hasText: `IMP-${id}-12345` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Rittal');
  await expect(row).toContainText('45 × 125 × –');
  await expect(row).toContainText('2,5');
  await expect(row).toContainText('12.345,50 €');

  // A row of the manufacturer created in the preview.
  await page.getByRole('textbox', { name: 'Suchen' }).fill(`IMP-${id}-12300`);
  const newcomerRow = table.getByRole('row').filter({ hasText: `IMP-${id}-12300` });
  await expect(newcomerRow).toContainText(newcomer(id));
});
