import type { Page } from '@playwright/test';
import { signInByApi } from '../../support/auth';
import { expectHistoryRow, expectLoaded, stamp } from '../../support/forms-b';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

/** A choice field of the form: opens it and picks the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

/**
 * SPEC §2 enquiry form (customer): a draft with its project data and technical options is saved, seen again
 * after a reload, changed, and the change is listed in its change history (SPEC §3). Release and what the
 * suppliers see is enquiries.spec.ts.
 */
test('Anfrage als Entwurf anlegen, neu laden, eine Vorgabe ändern und sie im Verlauf sehen', async ({
  page,
}) => {
  // A long form of many fields, filled, saved and loaded three times.
  const id = stamp();
  const title = `E2E Steuerung ${id}`;
  await signInByApi(page, DEMO.kunde.email);
  await page.goto('/enquiry');
  await page.getByRole('button', { name: 'Neue Anfrage' }).click();
  await expect(page).toHaveURL(/\/enquiry\/new$/);
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page.getByRole('textbox', { name: 'Referenznummer' }).fill(`R-${id}`);
  await choose(page, 'Lieferbedingung', 'Ab Werk (EXW)');
  await page.getByRole('textbox', { name: 'Stückzahl' }).fill('3');
  await choose(page, 'Vorschrift', 'UL (UL 508A)');
  await choose(page, 'Befestigung der Kabelkanäle', 'Geschraubt');
  await choose(page, 'Verpackung', 'Holzkiste');
  await page.getByRole('button', { name: 'Entwurf speichern' }).first().click();
  await expect(page.getByText('Die Anfrage wurde angelegt.')).toBeVisible();
  await expect(page).toHaveURL(/\/enquiry\/[0-9a-f-]{36}$/);

  await page.reload();
  await expectLoaded(page.getByRole('heading', { name: `Anfrage ${title}` }));
  await expect(page.getByRole('textbox', { name: 'Titel' })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Referenznummer' })).toHaveValue(`R-${id}`);
  await expect(page.getByRole('combobox', { name: 'Lieferbedingung', exact: true })).toHaveValue(
    'Ab Werk (EXW)',
  );
  await expect(page.getByRole('textbox', { name: 'Stückzahl' })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: 'Vorschrift', exact: true })).toHaveValue('UL (UL 508A)');
  await expect(page.getByRole('combobox', { name: 'Befestigung der Kabelkanäle', exact: true })).toHaveValue(
    'Geschraubt',
  );
  await expect(page.getByRole('combobox', { name: 'Verpackung', exact: true })).toHaveValue('Holzkiste');

  await choose(page, 'Verpackung', 'Holzkiste mit Seefolie');
  await page.getByRole('button', { name: 'Entwurf speichern' }).first().click();
  await expect(page.getByText('Die Anfrage wurde gespeichert.')).toBeVisible();
  await expectHistoryRow(page, 'Verpackung', 'Holzkiste', 'Holzkiste mit Seefolie');

  await page.reload();
  await expectLoaded(page.getByRole('heading', { name: `Anfrage ${title}` }));
  await expect(page.getByRole('combobox', { name: 'Verpackung', exact: true })).toHaveValue(
    'Holzkiste mit Seefolie',
  );
  await expectHistoryRow(page, 'Verpackung', 'Holzkiste', 'Holzkiste mit Seefolie');
});
