import type { Page } from '@playwright/test';
import { enquiryWithBom, signedInPage } from '../../support/enquiry';
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
 * SPEC §2 offer form (supplier): on an enquiry released to it, the supplier's offer draft gets its price,
 * delivery condition and additional information, is saved, seen again after a reload, and a changed price
 * is listed in its change history. Release, decline, revision and order are offers.spec.ts.
 */
test('Angebot auf eine freigegebene Anfrage ausfüllen, neu laden, Preis ändern und im Verlauf sehen', async ({
  browser,
}) => {
  // Two sign-ins, an enquiry with its BOM and its release before the form itself: a whole journey.
  test.slow();
  const id = stamp();
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const supplier = await signedInPage(browser, DEMO.lieferant.email);
  const enquiryId = await enquiryWithBom(customer, `E2E Angebotsformular ${id}`, `AF-${id}`);
  const released = await customer.request.post('/api/enquiry/release', {
    data: { enquiryId, recipients: { mode: 'ALL' } },
  });
  expect(released.status(), await released.text()).toBe(200);
  await customer.context().close();

  await supplier.goto(`/offer/new/${enquiryId}`);
  await expect(supplier.getByText('Das Angebot wurde angelegt.')).toBeVisible();
  await expect(supplier).toHaveURL(/\/offer\/[0-9a-f-]{36}$/);
  await expectLoaded(supplier.getByRole('heading', { name: /Version 1/ }));
  const price = supplier.getByRole('textbox', { name: 'Preis', exact: true });
  const info = supplier.getByRole('textbox', { name: 'Zusätzliche Informationen des Lieferanten' });
  await price.fill('11800');
  await choose(supplier, 'Lieferbedingung', 'Geliefert benannter Ort (DAP)');
  await info.fill('Lieferung in zwei Teilen.');
  await supplier.getByRole('button', { name: 'Speichern' }).click();
  await expect(supplier.getByText('Das Angebot wurde gespeichert.')).toBeVisible();

  await supplier.reload();
  await expectLoaded(supplier.getByRole('heading', { name: /Version 1/ }));
  await expect(price).toHaveValue('11.800 €');
  await expect(supplier.getByRole('combobox', { name: 'Lieferbedingung', exact: true })).toHaveValue(
    'Geliefert benannter Ort (DAP)',
  );
  await expect(info).toHaveValue('Lieferung in zwei Teilen.');

  await price.fill('10900');
  await supplier.getByRole('button', { name: 'Speichern' }).click();
  await expect(supplier.getByText('Das Angebot wurde gespeichert.')).toBeVisible();
  await expectHistoryRow(supplier, 'Preis', '11.800,00 €', '10.900,00 €');

  await supplier.reload();
  await expectLoaded(supplier.getByRole('heading', { name: /Version 1/ }));
  await expect(price).toHaveValue('10.900 €');
  await expectHistoryRow(supplier, 'Preis', '11.800,00 €', '10.900,00 €');
  await supplier.context().close();
});
