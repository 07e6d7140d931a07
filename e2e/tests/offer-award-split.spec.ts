import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { CIRCUIT_DIAGRAM, enquiryWithBom, inDays, portalPage, signedInPage } from '../support/enquiry';
import { expectPath } from '../support/shell';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Award split by line, in browser contexts of their own: the customer releases an enquiry with a three-line BOM
 * (two Siemens lines, Phoenix Contact terminals); both demo suppliers and a third supplier (registered and released
 * by the operator for this journey) answer with priced offers; the customer compares line by line, gives the
 * terminals to one supplier and the Siemens lines to the other, and awards the split with its order PDF
 * (-> /order); each chosen supplier sees only its own lines of its order and confirms it, and the third offer is
 * declined "Auftrag anderweitig vergeben".
 */

const PDF = readFileSync(CIRCUIT_DIAGRAM);

/** Prices per piece and lead times per order number: each supplier is cheaper on one kind of line. */
const PRICES: Record<'lieferant' | 'lieferant2' | 'third', Record<string, [number, number]>> = {
  lieferant: { '3RV2011-1JA10': [61.5, 10], '3RT2016-1BB41': [38, 10], '3209510': [0.62, 2] },
  lieferant2: { '3RV2011-1JA10': [58.9, 4], '3RT2016-1BB41': [35.5, 4], '3209510': [0.7, 5] },
  third: { '3RV2011-1JA10': [64, 8], '3RT2016-1BB41': [41, 8], '3209510': [0.75, 6] },
};

/**
 * A third supplier for this journey: it registers (as a customer, pending), the operator makes it a supplier
 * and releases the registration, then it signs in in a browser context of its own.
 */
async function registeredSupplier(browser: Browser, stamp: number): Promise<{ page: Page; company: string }> {
  const company = `E2E Drittanbieter ${stamp} GmbH`;
  const email = `e2e-dritter-${stamp}@example.test`;
  const page = await portalPage(browser);
  const registered = await page.request.post('/api/user/register', {
    data: {
      user: {
        name: 'Dora',
        lastname: 'Dritte',
        phoneNumber: '+49 30 5678',
        mail: email,
        password: 'geheim123',
      },
      company: { name: company, street: 'Hafenstraße', houseNo: '3', zip: '20457', city: 'Hamburg' },
      acceptPrivacy: true,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.context().close();
  const admin = await signedInPage(browser, DEMO.admin.email);
  const found = await admin.request.get(`/api/company/all?search=${encodeURIComponent(company)}`);
  const { content } = (await found.json()) as { content: { id: string; name: string }[] };
  const id = content.find((row) => row.name === company)?.id;
  expect(id, 'die registrierte Firma in der Unternehmensliste').toBeDefined();
  const current = (await (await admin.request.get(`/api/company/?id=${id}`)).json()) as {
    lastUpdate: string;
    address: { street: string; houseNo: string; zip: string; city: string };
  };
  const updated = await admin.request.post('/api/company/update', {
    data: { id, lastUpdate: current.lastUpdate, name: company, type: 'SUPPLIER', ...current.address },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const released = await admin.request.post(`/api/company/release?id=${id}`);
  expect(released.status(), await released.text()).toBe(200);
  await admin.context().close();
  return { page: await signedInPage(browser, email, 'geheim123'), company };
}

/** The supplier's offer through the API: created, every line priced, the offer PDF, released. */
async function pricedOffer(page: Page, who: keyof typeof PRICES, enquiryId: string, number: string) {
  const api = page.request;
  const created = await api.post('/api/offer/', { data: { enquiryId } });
  expect(created.status(), await created.text()).toBe(201);
  const offerId = ((await created.json()) as { id: string }).id;
  const page1 = await api.get(`/api/offer/articles?offerId=${offerId}&paginationSize=50`);
  const lines = (
    (await page1.json()) as {
      content: { id: string; orderNumber: string; quantity: number; lastUpdate: string }[];
    }
  ).content;
  expect(lines).toHaveLength(3);
  for (const line of lines) {
    const [pricePerPiece, deliveryTime] = PRICES[who][line.orderNumber]!;
    const saved = await api.post('/api/offer/article/update', {
      data: {
        offerId,
        lineId: line.id,
        lastUpdate: line.lastUpdate,
        quantity: line.quantity,
        pricePerPiece,
        deliveryTime,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const file = await api.post(`/api/offer/${offerId}/file`, {
    multipart: { fileType: 'OFFER', file: { name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(file.status()).toBe(201);
  const current = (await (await api.get(`/api/offer/?id=${offerId}`)).json()) as { lastUpdate: string };
  const released = await api.post('/api/offer/release', {
    data: {
      offerId,
      lastUpdate: current.lastUpdate,
      offerNumber: number,
      price: 950,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: inDays(60),
      technicalSpec: {},
    },
  });
  expect(released.status(), await released.text()).toBe(200);
  return offerId;
}

/** Opens a choice field of the split and picks the option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

/** The supplier opens its order from the order list, sees only its lines and confirms it (-> /job). */
async function confirmOwnOrder(
  page: Page,
  reference: string,
  number: string,
  own: string[],
  foreign: string[],
) {
  await page.goto('/order');
  await page.getByRole('textbox', { name: 'Suchen' }).fill(reference);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toHaveCount(1);
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page.getByText(`${own.length} von ${own.length} Zeilen mit Stückpreis`)).toBeVisible();
  // The articles table names the file's numbers in its "Stückliste" column, with manufacturer and BMK.
  const articles = page.getByRole('table', { name: 'Zeilen der Stückliste' });
  const rowOf = (orderNumber: string) => articles.getByRole('row').filter({ hasText: orderNumber });
  for (const orderNumber of own) await expect(rowOf(orderNumber).first()).toBeVisible();
  for (const orderNumber of foreign) await expect(rowOf(orderNumber)).toHaveCount(0);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Bestellung bestätigen' });
  await confirm.locator('input[type=file]').setInputFiles({
    name: 'Auftragsbestaetigung.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await confirm.getByRole('button', { name: 'Jetzt bestätigen' }).click();
  await expect(page.getByText('Die Bestellung wurde bestätigt. Sie ist jetzt ein Auftrag.')).toBeVisible();
  await expectPath(page, `/job/${orderId}`);
  return orderId;
}

test('the customer awards an enquiry line by line to two of three suppliers; each confirms its own lines', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const reference = `TA-${stamp}`;
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const supplier = await signedInPage(browser, DEMO.lieferant.email);
  const secondSupplier = await signedInPage(browser, DEMO.lieferant2.email);
  const third = await registeredSupplier(browser, stamp);

  const enquiryId = await enquiryWithBom(customer, `Teilvergabe ${stamp}`, reference);
  await customer.goto(`/enquiry/${enquiryId}`);
  await customer.getByRole('button', { name: 'Freigeben' }).click();
  await customer
    .getByRole('dialog', { name: 'Anfrage freigeben' })
    .getByRole('button', { name: 'Jetzt freigeben' })
    .click();
  await expect(customer.getByText('Die Anfrage wurde freigegeben.')).toBeVisible();

  const first = await pricedOffer(supplier, 'lieferant', enquiryId, `L1-${stamp}`);
  const second = await pricedOffer(secondSupplier, 'lieferant2', enquiryId, `L2-${stamp}`);
  const thirdOffer = await pricedOffer(third.page, 'third', enquiryId, `L3-${stamp}`);

  // The comparison line by line: the lowest price and the shortest lead time are marked in words.
  await customer.reload();
  const lines = customer.getByRole('table', {
    name: 'Stückpreis, Lieferzeit und Alternative je Zeile im Vergleich',
  });
  const terminals = lines.getByRole('row', { name: /3209510/ });
  await expect(terminals).toContainText('0,62 € (günstigster)');
  await expect(terminals).toContainText('2 Arbeitstage (kürzeste Lieferzeit)');
  await customer.getByRole('switch', { name: 'nur Abweichungen' }).check();
  await expect(lines.getByRole('row')).toHaveCount(4);

  // A quick choice, cleared again; then the terminals to the first supplier, the Siemens lines to the second.
  await customer.getByRole('button', { name: 'Günstigster je Zeile' }).click();
  await expect(customer.getByTestId('split-count')).toHaveText('3 von 3 Zeilen gewählt');
  await customer.getByRole('button', { name: 'Auswahl leeren' }).click();
  await expect(customer.getByTestId('split-count')).toHaveText('0 von 3 Zeilen gewählt');
  await choose(customer, 'Hersteller oder Rabattgruppe', 'Phoenix Contact');
  await choose(customer, 'an Lieferant', DEMO.lieferant.company);
  await customer.getByRole('button', { name: 'Zuweisen' }).click();
  await expect(customer.getByTestId('split-count')).toHaveText('1 von 3 Zeilen gewählt');
  await choose(customer, 'Hersteller oder Rabattgruppe', 'Siemens');
  await choose(customer, 'an Lieferant', DEMO.lieferant2.company);
  await customer.getByRole('button', { name: 'Zuweisen' }).click();
  await expect(customer.getByTestId('split-count')).toHaveText('3 von 3 Zeilen gewählt');
  // And by hand: the terminals to the second supplier and back.
  const terminalsTo = (company: string) =>
    terminals.getByRole('radio', { name: new RegExp(`an ${company} vergeben$`) });
  await terminalsTo(DEMO.lieferant2.company).check();
  await expect(terminalsTo(DEMO.lieferant.company)).not.toBeChecked();
  await terminalsTo(DEMO.lieferant.company).check();
  await expect(terminalsTo(DEMO.lieferant.company)).toBeChecked();
  const shares = customer.getByTestId('split-shares');
  await expect(shares).toContainText(`${DEMO.lieferant.company}: 1 Zeile`);
  await expect(shares).toContainText(`${DEMO.lieferant2.company}: 2 Zeilen`);

  await expectAccessible(customer, 'Angebotsvergleich mit zeilenweiser Auswahl');
  await customer.getByRole('button', { name: 'Auswahl vergeben' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Auftrag zeilenweise vergeben' });
  await expectAccessible(customer, 'Dialog „Auftrag zeilenweise vergeben“');
  await expect(dialog.getByRole('table', { name: 'So wird vergeben' })).toContainText(
    DEMO.lieferant2.company,
  );
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'Bestellung.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByRole('button', { name: 'Jetzt vergeben' }).click();
  // Suffixes in the order of the offers (by supplier name): Elektrobau Nord -A, Schaltschrankbau Beispiel -B.
  await expect(
    customer.getByText(`Die Aufträge wurden vergeben: L2-${stamp}-A, L1-${stamp}-B.`),
  ).toBeVisible();
  await expectPath(customer, '/order');

  // Each supplier sees only its own lines; neither reads the other's order.
  const firstOrder = await confirmOwnOrder(
    supplier,
    reference,
    `L1-${stamp}-B`,
    ['3209510'],
    ['3RV2011-1JA10', '3RT2016-1BB41'],
  );
  const secondOrder = await confirmOwnOrder(
    secondSupplier,
    reference,
    `L2-${stamp}-A`,
    ['3RV2011-1JA10', '3RT2016-1BB41'],
    ['3209510'],
  );
  expect((await supplier.request.get(`/api/offer/?id=${secondOrder}`)).status()).toBe(404);
  expect((await secondSupplier.request.get(`/api/offer/articles?offerId=${firstOrder}`)).status()).toBe(404);
  expect(first).not.toBe(second);

  // The third offer was not chosen: its supplier sees it declined with the portal's own reason.
  await third.page.goto(`/offer/${thirdOffer}`);
  await expect(third.page.getByTestId('offer-rejection')).toContainText('Auftrag anderweitig vergeben');
  await expect(third.page.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);

  // The comparison now says the enquiry is awarded and offers no more choices.
  await customer.goto(`/enquiry/${enquiryId}`);
  await expect(customer.getByTestId('comparison-awarded')).toBeVisible();
  await expect(customer.getByRole('radio', { name: /^Zeile \d+ an / })).toHaveCount(0);
  await expect(customer.getByRole('button', { name: 'Auswahl vergeben' })).toHaveCount(0);
  for (const page of [customer, supplier, secondSupplier, third.page]) await page.context().close();
});
