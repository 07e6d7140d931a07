import type { Page } from '@playwright/test';
import { chatAbout, draftOffer, releasedEnquiry, releasedOffer } from '../../support/a11y-records';
import { signInByApi } from '../../support/auth';
import { expectAccessible } from '../../support/axe';
import { enquiryWithBom, signedInPage } from '../../support/enquiry';
import { expect, test } from '../../support/test';
import { DEMO } from '../../support/users';
import { listed } from '../../support/walk';

/**
 * WCAG 2.2 AA of what opens above a page (SPEC §2): the BOM mapping panel, the article edit dialog of an offer
 * row, the folder settings, the chat side panel, the notifications panel, the article import and export
 * dialogs, a yes/no confirmation, the user menu and the mobile navigation, each checked by axe while open,
 * at 1,440 px and at 390 px, by the person who opens it. And a modal keeps the focus inside and gives it
 * back to its opener.
 */
const WIDTHS = [1440, 390];

// API calls of the page's own context carry the same-origin proof a browser sends (the records are set up through the API).
test.use({ extraHTTPHeaders: async ({ baseURL }, use) => use({ origin: baseURL! }) });

async function atWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
}

/** Closes what is open with Escape and waits until it is gone. */
async function closeWithEscape(page: Page, open: ReturnType<Page['getByRole']>): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
}

for (const width of WIDTHS) {
  test(`Kunde, ${width} px: BOM-Zuordnung, Chat, Benachrichtigungen und Benutzermenü ohne schwere Barrieren`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    await atWidth(page, width);
    await signInByApi(page, DEMO.kunde.email);

    // The BOM mapping panel on the customer's own draft.
    const draftId = await enquiryWithBom(page, `Barrierefreiheit Entwurf ${stamp}`, `A11Y-E-${stamp}`);
    await page.goto(`/enquiry/${draftId}`);
    await page.getByRole('button', { name: 'Spalten zuordnen: Stückliste.csv' }).click();
    const mapping = page.getByRole('dialog', { name: 'Spalten zuordnen' });
    await expect(mapping.getByTestId('bom-header-row-index')).toBeVisible();
    await expectAccessible(page, `BOM-Zuordnung (Kunde, ${width} px)`);
    await page.screenshot({ path: test.info().outputPath(`bom-zuordnung-${width}.png`) });
    await closeWithEscape(page, mapping);

    // The chat side panel on a released offer, with the supplier's conversation open.
    const supplier = await signedInPage(browser, DEMO.lieferant.email);
    const enquiryId = await releasedEnquiry(page, `Barrierefreiheit Chat ${stamp}`);
    const offerId = await releasedOffer(supplier, enquiryId);
    await chatAbout(supplier, offerId, 'Guten Tag, die Klemmen liefern wir vormontiert.');
    await page.goto(`/offer/${offerId}`);
    await page.getByTestId('chat-button').click();
    const chat = page.getByRole('dialog', { name: 'Chat' });
    await expect(chat.getByText('Guten Tag, die Klemmen liefern wir vormontiert.')).toBeVisible();
    await expect(chat.getByTestId('chat-input')).toBeVisible();
    await expectAccessible(page, `Chat (Kunde, ${width} px)`);
    await closeWithEscape(page, chat);

    // The notifications panel (the bell).
    await page.getByTestId('notification-bell').click();
    const notifications = page.getByTestId('notification-panel');
    await expect(notifications).toBeVisible();
    await expect(notifications.locator('.mantine-Loader-root')).toHaveCount(0);
    await expectAccessible(page, `Benachrichtigungen (Kunde, ${width} px)`);
    await page.getByTestId('notification-bell').click();
    await expect(notifications).toBeHidden();

    // The user menu.
    await page.getByTestId('user-menu').click();
    // The panel is named by the button that opens it: the signed-in person.
    const menu = page.getByRole('dialog', { name: DEMO.kunde.name });
    await expect(menu.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expectAccessible(page, `Benutzermenü (Kunde, ${width} px)`);
    await closeWithEscape(page, menu);

    // The navigation behind the burger (phones only; on wide screens the menu is always shown).
    if (width < 800) {
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expect(page.getByTestId('main-menu')).toBeVisible();
      await expectAccessible(page, `Mobile Navigation (Kunde, ${width} px)`);
    }
  });

  test(`Lieferant, ${width} px: Artikel einer Angebotszeile und Ordnereinstellungen ohne schwere Barrieren`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    await atWidth(page, width);
    const customer = await signedInPage(browser, DEMO.kunde.email);
    const enquiryId = await releasedEnquiry(customer, `Barrierefreiheit Angebot ${stamp}`);
    await signInByApi(page, DEMO.lieferant.email);

    // The article edit dialog of a row of the supplier's own open draft.
    const offerId = await draftOffer(page, enquiryId);
    await page.goto(`/offer/${offerId}`);
    await page
      .getByRole('button', { name: /^Zeile \d+ bearbeiten$/ })
      .first()
      .click();
    const line = page.getByRole('dialog', { name: /^Artikel in Zeile \d+ bearbeiten$/ });
    await expect(line.getByLabel('Stückpreis (EUR)')).toBeVisible();
    await expectAccessible(page, `Artikel bearbeiten (Lieferant, ${width} px)`);
    await closeWithEscape(page, line);

    // The settings of the demo job's project folder, which the supplier's admin manages (read only here).
    const folders = await listed(page, '/api/offer/businessdata/list?page=0&paginationSize=50');
    const folder = folders.find((entry) => entry.offerNumber === 'AN-2025-0933');
    expect(folder, 'der Projektordner des Demo-Auftrags').toBeDefined();
    await page.goto(`/business-data/${folder!.folderId as string}`);
    await page
      .getByRole('navigation', { name: 'Bereiche des Projektordners' })
      .getByRole('button', { name: 'Einstellungen' })
      .click();
    await expect(page.getByRole('switch', { name: 'Eingeladene externe Nutzer erlauben' })).toBeVisible();
    await expectAccessible(page, `Ordnereinstellungen (Lieferant, ${width} px)`);
  });

  test(`Betreiber-Admin, ${width} px: Artikelimport, Artikelexport und Ja/Nein-Frage ohne schwere Barrieren`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await atWidth(page, width);
    await signInByApi(page, DEMO.admin.email);

    await page.goto('/article');
    await page.getByTestId('article-import-open').click();
    const importing = page.getByRole('dialog', { name: 'Artikel importieren' });
    await expect(importing.getByTestId('import-start')).toBeVisible();
    await expectAccessible(page, `Artikelimport (Betreiber-Admin, ${width} px)`);
    await closeWithEscape(page, importing);

    await page.getByRole('button', { name: 'Exportieren' }).click();
    const exporting = page.getByRole('dialog', { name: 'Artikel exportieren' });
    await expect(exporting.getByRole('button', { name: 'Export starten' })).toBeVisible();
    await expectAccessible(page, `Artikelexport (Betreiber-Admin, ${width} px)`);
    await closeWithEscape(page, exporting);

    // "Löschen" on a list asks first; the question is answered with "Nein", nothing is deleted.
    await page.goto('/fieldvalues/unit');
    // Row checkboxes (table rows, or cards at 390 px) are named after their row: "… auswählen".
    await page
      .getByRole('checkbox', { name: /^(?!Alle ).+ auswählen$/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Bitte bestätigen' });
    await expect(question.getByRole('button', { name: 'Nein' })).toBeVisible();
    await expectAccessible(page, `Ja/Nein-Frage (Betreiber-Admin, ${width} px)`);
    await question.getByRole('button', { name: 'Nein' }).click();
    await expect(question).toBeHidden();
  });
}

test('ein Dialog hält den Fokus in sich und gibt ihn beim Schließen an seinen Auslöser zurück', async ({
  page,
}) => {
  await signInByApi(page, DEMO.admin.email);
  await page.goto('/article');
  const opener = page.getByRole('button', { name: 'Exportieren' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Artikel exportieren' });
  await expect(dialog.getByRole('button', { name: 'Export starten' })).toBeVisible();

  // Twice as many Tabs as the dialog has stops, forwards and back: the focus never leaves it.
  const stops = await dialog
    .locator('button:not([disabled]), input:not([disabled]), [tabindex="0"], a[href]')
    .count();
  expect(stops).toBeGreaterThan(1);
  const focusInDialog = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return Boolean(active?.closest('[role="dialog"]'));
    });
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < stops * 2; step += 1) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), `${key} Nr. ${step + 1}`).toBe(true);
    }
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
