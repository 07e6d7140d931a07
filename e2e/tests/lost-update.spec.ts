import type { Browser, Page } from '@playwright/test';
import { setPasswordFromLink } from '../support/auth';
import { enquiryWithBom, signedInPage } from '../support/enquiry';
import { waitForMail } from '../support/mail';
import { expect, expectConsoleErrors, failedResource, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * SPEC §8 CHANGED_MEANWHILE, in two browser contexts each: two people of one supplier open the same offer
 * draft, the first saves a price, the second saves another field and is refused with the first's name and the
 * changed price, the input still in the form; "Neu laden" shows the price and keeps the second's input, which
 * then saves. The same for a manufacturer opened by one operator in two tabs.
 */

const CONFLICT_TITLE = 'Ihre Änderungen wurden nicht gespeichert';

/** A fresh browser context without a session, API calls with the same-origin proof a browser sends. */
async function anonymousPage(browser: Browser): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { origin: baseURL },
  });
  return context.newPage();
}

/** The supplier admin invites a colleague, who sets a password from the invitation and is signed in. */
async function invitedColleague(browser: Browser, admin: Page, stamp: number): Promise<Page> {
  const email = `e2e-kollegin-${stamp}@example.test`;
  const since = Date.now();
  const created = await admin.request.post('/api/user/', {
    data: { name: 'Paula', lastname: 'Partner', mail: email, phoneNumber: '+49 711 555-20', admin: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invitation = await waitForMail(email, { subject: 'Einladung', since });
  const link = invitation.links.find((candidate) =>
    candidate.includes('/action?mode=resetPassword&oobCode='),
  );
  expect(link, 'Link zum Festlegen des Passworts').toBeDefined();
  const page = await anonymousPage(browser);
  await setPasswordFromLink(page, link!, email);
  return page;
}

test('the later save of an offer draft is refused with the other name and keeps its input', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const lars = await signedInPage(browser, DEMO.lieferant.email);
  const paula = await invitedColleague(browser, lars, stamp);
  // The browser logs the refused save's 409 as "Failed to load resource": the subject of this journey.
  expectConsoleErrors(paula, failedResource(409));

  // A released enquiry and the supplier's offer draft on it, through the API (the offers journey covers them).
  const enquiryId = await enquiryWithBom(customer, `Zwei Bearbeiter ${stamp}`, `ZB-${stamp}`);
  const released = await customer.request.post('/api/enquiry/release', { data: { enquiryId } });
  expect(released.status(), await released.text()).toBe(200);
  const offer = await lars.request.post('/api/offer/', { data: { enquiryId } });
  expect(offer.status(), await offer.text()).toBe(201);
  const offerId = ((await offer.json()) as { id: string }).id;

  // Both open the draft.
  await lars.goto(`/offer/${offerId}`);
  await paula.goto(`/offer/${offerId}`);
  for (const page of [lars, paula]) {
    await expect(page.getByRole('heading', { name: /Version 1/ })).toBeVisible();
  }

  // Lars saves a price.
  await lars.getByRole('textbox', { name: 'Preis', exact: true }).fill('11800');
  await lars.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(lars.getByText('Das Angebot wurde gespeichert.')).toBeVisible();

  // Paula, still on the state she loaded, enters the offer number and saves: refused, nothing lost.
  const offerNumber = paula.getByRole('textbox', { name: 'Angebotsnummer' });
  await offerNumber.fill(`AN-${stamp}`);
  await paula.getByRole('button', { name: 'Speichern' }).first().click();
  const conflict = paula.getByRole('alert', { name: CONFLICT_TITLE });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(
    'Dieser Eintrag wurde inzwischen von Lars Lieferant geändert. Bitte laden Sie die Seite neu; Ihre Eingaben bleiben bis dahin im Formular.',
  );
  const changed = conflict.getByRole('list', { name: 'Inzwischen geändert:' });
  await expect(changed.getByRole('listitem')).toHaveText([/^Preis:\s11\.800,00\s€$/]);
  await expect(offerNumber).toHaveValue(`AN-${stamp}`);
  // Still the enquiry's price she loaded (a new offer copies it).
  await expect(paula.getByRole('textbox', { name: 'Preis', exact: true })).toHaveValue('9.000 €');
  await conflict.scrollIntoViewIfNeeded();
  await conflict.screenshot({ path: test.info().outputPath('offer-conflict.png') });

  // "Neu laden": Lars's price comes in, Paula's offer number stays; her save now goes through.
  const reload = conflict.getByRole('button', { name: 'Neu laden' });
  await expect(reload).toHaveAccessibleDescription(/Ihre Eingaben in allen anderen Feldern bleiben erhalten/);
  await reload.click();
  await expect(conflict).toHaveCount(0);
  await expect(paula.getByRole('textbox', { name: 'Preis', exact: true })).toHaveValue(/^11\.800/);
  await expect(offerNumber).toHaveValue(`AN-${stamp}`);
  await paula.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(paula.getByText('Das Angebot wurde gespeichert.')).toBeVisible();
  // Saving again right away starts from her own answer, not from a conflict with herself.
  await paula
    .getByRole('textbox', { name: 'Zusätzliche Informationen des Lieferanten' })
    .fill('Lieferung in KW 30');
  await paula.getByRole('button', { name: 'Speichern' }).first().click();
  await expect(paula.getByText('Das Angebot wurde gespeichert.')).toHaveCount(2);
  await expect(paula.getByRole('alert', { name: CONFLICT_TITLE })).toHaveCount(0);

  // Both changes are stored.
  const stored = await lars.request.get(`/api/offer/?id=${offerId}`);
  expect(await stored.json()).toMatchObject({
    price: 11800,
    offerNumber: `AN-${stamp}`,
    additionalInfoSupplier: 'Lieferung in KW 30',
  });
});

test('a manufacturer saved in another tab is not overwritten by an older form', async ({ browser }) => {
  const stamp = Date.now();
  const first = await signedInPage(browser, DEMO.admin.email);
  const second = await signedInPage(browser, DEMO.admin.email);
  // The second tab's refused save (409) is the subject of this journey.
  expectConsoleErrors(second, failedResource(409));
  const created = await first.request.post('/api/manufacturer/', {
    data: { displayName: `Verlusttest ${stamp}`, nameVariants: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  for (const page of [first, second]) {
    await page.goto(`/fieldvalues/manufacturer/${id}`);
    await expect(page.getByRole('textbox', { name: 'Bezeichnung' })).toHaveValue(`Verlusttest ${stamp}`);
  }
  await first.getByRole('textbox', { name: 'Kürzel' }).fill('VT');
  await first.getByRole('button', { name: 'Speichern' }).click();
  await expect(first.getByText('Der Hersteller wurde gespeichert.')).toBeVisible();

  const link = second.getByRole('textbox', { name: 'Link' });
  await link.fill('https://www.verlusttest.de');
  await second.getByRole('button', { name: 'Speichern' }).click();
  const conflict = second.getByRole('alert', { name: CONFLICT_TITLE });
  await expect(conflict).toContainText('von Anna Admin geändert');
  await expect(conflict.getByRole('listitem')).toHaveText(['Kürzel: VT']);
  await expect(link).toHaveValue('https://www.verlusttest.de');
  await conflict.screenshot({ path: test.info().outputPath('manufacturer-conflict.png') });

  await conflict.getByRole('button', { name: 'Neu laden' }).click();
  await expect(second.getByRole('textbox', { name: 'Kürzel' })).toHaveValue('VT');
  await expect(link).toHaveValue('https://www.verlusttest.de');
  await second.getByRole('button', { name: 'Speichern' }).click();
  await expect(second.getByText('Der Hersteller wurde gespeichert.')).toBeVisible();

  const stored = await first.request.get(`/api/manufacturer/?id=${id}`);
  expect(await stored.json()).toMatchObject({ abbreviation: 'VT', link: 'https://www.verlusttest.de' });
});
