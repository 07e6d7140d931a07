import type { Page } from '@playwright/test';
import { enquiryWithBom, inDays, signedInPage } from '../../support/enquiry';
import { expectLoaded, stamp } from '../../support/forms-b';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';

function view(page: Page, name: string) {
  return page
    .getByRole('navigation', { name: 'Bereiche des Projektordners' })
    .getByText(name, { exact: true });
}

/** A day as the date field shows it (DD.MM.YYYY). */
function german(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/**
 * SPEC §2/§6 project folder settings (supplier): the folder of the supplier's own offer gets its rights per
 * company type, external and anonymous access (turning anonymous access on asks for the password first,
 * SPEC §4), an invited e-mail with its last day and rights; all of it is seen again after a reload, and a
 * change is kept. Folder settings carry no change entries (SPEC §3): the values after reload prove the save.
 * Guests, anonymous visitors and the access log are business-data.spec.ts.
 */
test('Einstellungen eines Projektordners speichern, neu laden, ändern und wieder laden', async ({
  browser,
}) => {
  const id = stamp();
  const guest = `e2e-ordner-${id}@example.test`;
  const lastDay = inDays(30);
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const supplier = await signedInPage(browser, DEMO.lieferant.email);
  const enquiryId = await enquiryWithBom(customer, `E2E Ordnereinstellungen ${id}`, `OE-${id}`);
  const released = await customer.request.post('/api/enquiry/release', {
    data: { enquiryId, recipients: { mode: 'ALL' } },
  });
  expect(released.status(), await released.text()).toBe(200);
  await customer.context().close();
  const created = await supplier.request.post('/api/offer/', { data: { enquiryId } });
  expect(created.status(), await created.text()).toBe(201);
  const { folderId } = (await created.json()) as { folderId: string };

  await supplier.goto(`/business-data/${folderId}`);
  await expectLoaded(view(supplier, 'Einstellungen'));
  await view(supplier, 'Einstellungen').click();
  const customerRead = supplier.getByRole('checkbox', { name: 'Lesen für Kunde' });
  const customerWrite = supplier.getByRole('checkbox', { name: 'Schreiben für Kunde' });
  const external = supplier.getByRole('switch', { name: 'Eingeladene externe Nutzer erlauben' });
  const anonymous = supplier.getByRole('switch', { name: 'Anonymen Zugriff mit Passwort erlauben' });
  await customerRead.check();
  await customerWrite.check();
  await external.check();
  await expect(anonymous).not.toBeChecked();

  // Anonymous access needs a password: the dialog sets it and turns the switch on.
  await anonymous.click();
  const dialog = supplier.getByRole('dialog', { name: 'Passwort für den anonymen Zugriff' });
  await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill(`Ordner-${id}`);
  await dialog.getByRole('textbox', { name: 'Passwort wiederholen' }).fill(`Ordner-${id}`);
  await dialog.getByRole('button', { name: 'Passwort setzen' }).click();
  await expect(supplier.getByText('Passwort wurde gesetzt.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(anonymous).toBeChecked();
  await supplier.getByRole('button', { name: 'Speichern' }).click();
  await expect(supplier.getByText('Die Einstellungen wurden gespeichert.')).toBeVisible();

  // A visibility entry: an invited e-mail with its last day, reading and writing.
  await view(supplier, 'Externe Nutzer').click();
  const invite = supplier.getByRole('form', { name: 'Externen Nutzer einladen' });
  await invite.getByRole('textbox', { name: 'E-Mail' }).fill(guest);
  const until = invite.getByRole('textbox', { name: 'Gültig bis' });
  await until.fill(german(lastDay));
  // The calendar opened by typing covers the form below it; Escape closes it and keeps the typed day.
  await until.press('Escape');
  await expect(until).toHaveValue(german(lastDay));
  await invite.getByRole('checkbox', { name: 'Schreiben' }).check();
  await invite.getByRole('button', { name: 'Einladen' }).click();
  await expect(supplier.getByText('Einladung wurde verschickt.')).toBeVisible();

  await supplier.reload();
  await expectLoaded(view(supplier, 'Einstellungen'));
  await view(supplier, 'Einstellungen').click();
  await expect(customerRead).toBeChecked();
  await expect(customerWrite).toBeChecked();
  await expect(external).toBeChecked();
  await expect(anonymous).toBeChecked();
  await view(supplier, 'Passwort').click();
  await expect(supplier.getByTestId('folder-password-status')).toHaveText('Passwort: gesetzt');
  await view(supplier, 'Externe Nutzer').click();
  const entry = supplier
    .getByRole('table', { name: 'Externe Nutzer' })
    .getByRole('row', { name: new RegExp(guest) });
  await expect(entry.getByRole('cell')).toHaveText([guest, german(lastDay), 'Ja', 'Ja', 'Entfernen']);

  // A change: the customer may read only.
  await view(supplier, 'Einstellungen').click();
  await customerWrite.uncheck();
  await supplier.getByRole('button', { name: 'Speichern' }).click();
  await expect(supplier.getByText('Die Einstellungen wurden gespeichert.')).toBeVisible();
  await supplier.reload();
  await expectLoaded(view(supplier, 'Einstellungen'));
  await view(supplier, 'Einstellungen').click();
  await expect(customerRead).toBeChecked();
  await expect(customerWrite).not.toBeChecked();
  await expect(anonymous).toBeChecked();
  await supplier.context().close();
});
