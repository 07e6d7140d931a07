import { readFileSync } from 'node:fs';
import { draftOffer, draftWithDiagram, releasedEnquiry } from '../../support/a11y-records';
import { signInByApi } from '../../support/auth';
import { BILL_OF_MATERIAL, signedInPage } from '../../support/enquiry';
import { skipToContent, tabTo, typeInto } from '../../support/keyboard';
import { expectPath } from '../../support/shell';
import { expect, test } from '../../support/test';
import { DEMO, DEMO_PASSWORD } from '../../support/users';

/**
 * The keyboard journeys of WCAG 2.1.1: signing in, a customer's enquiry from the list to its release (BOM
 * upload and mapping included), and a message in the chat of an offer, with Tab, Shift+Tab, Enter and typing
 * only (the system's file dialog is answered by the test, as a person would pick the file there).
 */

// API calls of the page's own context carry the same-origin proof a browser sends (the records are set up through the API).
test.use({ extraHTTPHeaders: async ({ baseURL }, use) => use({ origin: baseURL! }) });

test('Anmelden nur mit der Tastatur', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await typeInto(page, page.getByLabel('E-Mail'), DEMO.kunde.email);
  await typeInto(page, page.getByLabel('Passwort', { exact: false }), DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Anmelden' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(DEMO.kunde.name);
});

test('Kunde: Anfrage aus der Liste öffnen, Stückliste hochladen und zuordnen, freigeben – nur mit der Tastatur', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Tastatur-Anfrage ${Date.now()}`;
  await signInByApi(page, DEMO.kunde.email);
  const enquiryId = await draftWithDiagram(page, title);

  // The list, newest first: "Anzeigen" in the new draft's row.
  await page.goto('/enquiry');
  await skipToContent(page);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await tabTo(page, row.getByRole('button', { name: 'Anzeigen' }));
  await page.keyboard.press('Enter');
  await expectPath(page, `/enquiry/${enquiryId}`);

  // The BOM: the drop zone opens the file dialog on Enter; the file is picked there.
  const bom = page.getByRole('region', { name: 'Stückliste' });
  await tabTo(page, bom.locator('button, [role="button"]').first());
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({
    name: 'Stückliste Tastatur.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(BILL_OF_MATERIAL),
  });
  const map = page.getByRole('button', { name: 'Spalten zuordnen: Stückliste Tastatur.csv' });
  await tabTo(page, map);
  await page.keyboard.press('Enter');

  // The proposed header row and columns are taken as they are.
  const drawer = page.getByRole('dialog', { name: 'Spalten zuordnen' });
  await expect(drawer.getByTestId('bom-header-row-index')).toBeVisible();
  await tabTo(page, drawer.getByRole('button', { name: 'Speichern' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Die Zuordnung wurde gespeichert.')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Release, confirmed in its dialog.
  await tabTo(page, page.getByRole('button', { name: 'Freigeben', exact: true }));
  await page.keyboard.press('Enter');
  const release = page.getByRole('dialog', { name: 'Anfrage freigeben' });
  await tabTo(page, release.getByRole('button', { name: 'Jetzt freigeben' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Die Anfrage wurde freigegeben.')).toBeVisible();
  const stored = await page.request.get(`/api/enquiry/?id=${enquiryId}`);
  expect(stored.status()).toBe(200);
  expect(((await stored.json()) as { released: boolean }).released).toBe(true);
});

test('Lieferant: Chat eines Angebots öffnen und eine Nachricht senden – nur mit der Tastatur', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const enquiryId = await releasedEnquiry(customer, `Tastatur-Chat ${stamp}`);
  await signInByApi(page, DEMO.lieferant.email);
  const offerId = await draftOffer(page, enquiryId);

  await page.goto(`/offer/${offerId}`);
  await skipToContent(page);
  await tabTo(page, page.getByTestId('chat-button'));
  await page.keyboard.press('Enter');
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await expect(chat.getByText('Noch keine Nachrichten. Schreiben Sie die erste.')).toBeVisible();
  const text = `Guten Tag, die Klemmen liefern wir vormontiert (${stamp}).`;
  await typeInto(page, chat.getByTestId('chat-input'), text);
  await tabTo(page, chat.getByRole('button', { name: 'Senden' }));
  await page.keyboard.press('Enter');
  await expect(chat.getByTestId('chat-message')).toHaveCount(1);
  await expect(chat.getByTestId('chat-message')).toContainText(text);
  await expect(chat.getByTestId('chat-input')).toHaveValue('');
});
