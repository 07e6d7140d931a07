import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { signInByApi } from '../support/auth';
import { expectPath } from '../support/shell';
import { expect, test } from '../support/test';
import { DEMO, DEMO_PASSWORD } from '../support/users';

/**
 * Enquiry journey (SPEC §4 release): a customer describes, attaches and sends an enquiry to one supplier; that supplier sees it
 * read-only with the customer's name, another supplier and another customer do not see it at all.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const CIRCUIT_DIAGRAM = path.join(fixtures, 'Schaltplan-Presse-3.pdf');
const BILL_OF_MATERIAL = path.join(fixtures, 'Stückliste-Presse-3.csv');
const PASSWORD = 'geheim123';

/** A day one year ahead in German notation (the form's date field). */
function nextYear(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
}

/** A choice field of the form: opens it and picks the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

/**
 * A company of its own with one user (registration, then released by the operator; a supplier gets its type
 * from the operator too). The journeys run in parallel and never share such a company.
 */
async function createCompany(
  request: APIRequestContext,
  operator: APIRequestContext,
  type: 'CUSTOMER' | 'SUPPLIER',
  stamp: number,
): Promise<{ email: string; name: string }> {
  const email = `e2e-anfrage-${type.toLowerCase()}-${stamp}@example.test`;
  const company = {
    name: `E2E ${type === 'CUSTOMER' ? 'Kunde' : 'Lieferant'} ${stamp} GmbH`,
    street: 'Am Werk',
    houseNo: '4',
    zip: '10115',
    city: 'Berlin',
  };
  const registered = await request.post('/api/user/register', {
    headers: { origin: test.info().project.use.baseURL! },
    data: {
      user: { name: 'Erik', lastname: 'Zweit', phoneNumber: '+49 30 1234', mail: email, password: PASSWORD },
      company,
      acceptPrivacy: true,
      acceptTerms: true,
    },
  });
  expect(registered.status(), `Registrierung: ${await registered.text()}`).toBe(201);
  const { company: created } = (await registered.json()) as { company: { id: string } };
  const released = await operator.post(`/api/company/release?id=${created.id}`);
  expect(released.status(), 'Freigabe der Registrierung').toBe(200);
  if (type === 'SUPPLIER') {
    // Saved on the state the release answered (no lost update: the save names the lastUpdate it is based on).
    const { lastUpdate } = (await released.json()) as { lastUpdate: string };
    const updated = await operator.post('/api/company/update', {
      data: { id: created.id, lastUpdate, ...company, type: 'SUPPLIER', additionalInfo: '' },
    });
    expect(updated.status(), 'Typ Lieferant').toBe(200);
  }
  return { email, name: company.name };
}

async function signInFresh(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.context().clearCookies();
  await signInByApi(page, email, password);
}

test('a customer sends an enquiry to one supplier, who alone sees it read-only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Steuerung Presse ${stamp}`;
  const baseURL = test.info().project.use.baseURL!;
  const operator = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedIn = await operator.post('/api/auth/sign-in', {
    data: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const otherSupplier = await createCompany(request, operator, 'SUPPLIER', stamp);
  const otherCustomer = await createCompany(request, operator, 'CUSTOMER', stamp);
  await operator.dispose();

  // The customer describes the cabinet.
  await signInFresh(page, DEMO.kunde.email);
  await page.goto('/enquiry');
  await page.getByRole('button', { name: 'Neue Anfrage' }).click();
  await expectPath(page, '/enquiry/new');
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page.getByRole('textbox', { name: 'Referenznummer' }).fill(`R-${stamp}`);
  await choose(page, 'Lieferbedingung', 'Ab Werk (EXW)');
  await page.getByRole('textbox', { name: 'Wunschliefertermin' }).fill(nextYear());
  await page.getByRole('textbox', { name: 'Stückzahl' }).fill('3');

  // A dependent field appears and disappears with the device identification (SPEC §2).
  const plateLabel = page.getByRole('combobox', { name: 'Beschriftung auf der Montageplatte' });
  await expect(plateLabel).toHaveCount(0);
  await choose(page, 'Betriebsmittelkennzeichnung', 'Zweifach (Bauteil und Montageplatte)');
  await expect(plateLabel).toBeVisible();
  await choose(page, 'Betriebsmittelkennzeichnung', 'Einfach (am Bauteil)');
  await expect(plateLabel).toHaveCount(0);

  // The marking preview follows the marking structure.
  const preview = page.getByTestId('marking-preview');
  await expect(preview).toContainText('-X1:13');
  await expect(preview).not.toContainText('-K1:A1');
  await choose(page, 'Aderkennzeichnung', 'Zielkennzeichnung Klemmstelle mit BMK');
  await expect(preview).toContainText('-K1:A1 / -X1:13');

  await page.getByRole('button', { name: 'Entwurf speichern' }).first().click();
  await expect(page.getByText('Die Anfrage wurde angelegt.')).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/enquiry\/[0-9a-f-]{36}$/);
  const enquiryPath = new URL(page.url()).pathname;
  const enquiryId = enquiryPath.split('/').pop()!;

  // Circuit diagram and BOM: the types are proposed from the file names.
  await page
    .getByRole('region', { name: 'Dateien' })
    .locator('input[type=file]')
    .setInputFiles([CIRCUIT_DIAGRAM, BILL_OF_MATERIAL]);
  const files = page.getByTestId('enquiry-file');
  await expect(files).toHaveCount(2);
  await expect(files.filter({ hasText: 'Schaltplan-Presse-3.pdf' }).getByRole('combobox')).toHaveValue(
    'Schaltplan',
  );
  await expect(files.filter({ hasText: 'Stückliste-Presse-3.csv' }).getByRole('combobox')).toHaveValue(
    'Stückliste',
  );

  // Release to one chosen supplier.
  await page.getByRole('button', { name: 'Freigeben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anfrage freigeben' });
  await expect(dialog.getByLabel('Alle aktiven Lieferanten')).toBeChecked();
  await dialog.getByLabel('Ausgewählte Lieferanten').check();
  await dialog.getByRole('combobox', { name: 'Lieferanten' }).click();
  await page.getByRole('option', { name: DEMO.lieferant.company }).click();
  // The list stays open for more suppliers; a click beside it closes it.
  await dialog.getByText('Nach der Freigabe sehen').click();
  await dialog.getByRole('button', { name: 'Jetzt freigeben' }).click();
  await expect(page.getByText('Die Anfrage wurde freigegeben.')).toBeVisible();

  // From now on read-only for the customer too.
  await expect(page.getByTestId('read-only-notice')).toBeVisible();
  await expect(page.locator('.mantine-Badge-label', { hasText: /^Freigegeben$/ })).toBeVisible();
  await expect(page.getByTestId('enquiry-recipients')).toContainText(DEMO.lieferant.company);
  await expect(page.getByRole('textbox', { name: 'Titel' })).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Entwurf speichern' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);
  await expect(page.locator('input[type=file]')).toHaveCount(0);

  // The chosen supplier sees it with the customer's name and opens it read-only.
  await signInFresh(page, DEMO.lieferant.email);
  await page.goto('/enquiry');
  await page.getByRole('textbox', { name: 'Suchen' }).fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(DEMO.kunde.company);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Neue Anfrage' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await expectPath(page, enquiryPath);
  await expect(page.getByText(`Anfrage von ${DEMO.kunde.company}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titel' })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Titel' })).not.toBeEditable();
  await expect(page.getByRole('link', { name: 'Angebot erstellen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entwurf speichern' })).toHaveCount(0);
  await expect(page.getByTestId('enquiry-file')).toHaveCount(2);

  // Another supplier and another customer see nothing of it, neither in the list nor by its address.
  for (const other of [otherSupplier, otherCustomer]) {
    await signInFresh(page, other.email, PASSWORD);
    await page.goto('/enquiry');
    await page.getByRole('textbox', { name: 'Suchen' }).fill(title);
    await expect(page.getByText(/Keine Anfragen gefunden|keine an Sie gerichteten Anfragen/)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
    const direct = await page.request.get(`/api/enquiry/?id=${enquiryId}`);
    expect(direct.status(), `${other.name}: Anfrage über ihre Adresse`).toBe(404);
  }
});
