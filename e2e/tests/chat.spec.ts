import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CIRCUIT_DIAGRAM, enquiryWithBom, signedInPage } from '../support/enquiry';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * Chat journey (SPEC §1 chat, §4), in two browser contexts: the supplier opens the chat on a released enquiry and writes with
 * an attachment; the customer's bell count rises without a reload; the customer opens the conversation (the
 * supplier's '!' goes away live) and answers; the supplier, now on its offer, copies the attachment into the
 * offer's files.
 */

/** The customer's enquiry with its circuit diagram and mapped BOM, released to all suppliers. */
async function releasedEnquiry(customer: Page, title: string): Promise<string> {
  const enquiryId = await enquiryWithBom(customer, title, `CH-${Date.now()}`);
  const released = await customer.request.post('/api/enquiry/release', { data: { enquiryId } });
  expect(released.status(), await released.text()).toBe(200);
  return enquiryId;
}

async function bellCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
}

test('supplier and customer chat live about an enquiry; the attachment lands in the offer', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Chat-Reise ${stamp}`;
  const attachment = `Klemmenplan-${stamp}.pdf`;
  const customer = await signedInPage(browser, DEMO.kunde.email);
  const supplier = await signedInPage(browser, DEMO.lieferant.email);
  const enquiryId = await releasedEnquiry(customer, title);

  // The customer waits on its enquiry; its bell shows what it has now.
  await customer.goto(`/enquiry/${enquiryId}`);
  await expect(customer.getByTestId('chat-button')).toBeVisible();
  await expect(customer.getByTestId('notification-bell')).toHaveAttribute('data-unread', /\d+/);
  const before = await bellCount(customer);

  // The supplier opens the chat on the enquiry (this starts the conversation) and writes with an attachment.
  await supplier.goto(`/enquiry/${enquiryId}`);
  await supplier.getByTestId('chat-button').click();
  const supplierPanel = supplier.getByRole('dialog', { name: 'Chat' });
  await expect(supplierPanel.getByText('Noch keine Nachrichten. Schreiben Sie die erste.')).toBeVisible();
  await supplierPanel
    .getByTestId('chat-input')
    .fill('Guten Tag, anbei unser Vorschlag für die Klemmenbelegung.');
  await supplierPanel.locator('input[type=file]').setInputFiles({
    name: attachment,
    mimeType: 'application/pdf',
    buffer: readFileSync(CIRCUIT_DIAGRAM),
  });
  await expect(supplierPanel.getByTestId('chat-pending-file')).toHaveText(attachment);
  await supplierPanel.getByRole('button', { name: 'Senden' }).click();
  await expect(supplierPanel.getByTestId('chat-message')).toHaveCount(1);
  await expect(supplierPanel.getByTestId('chat-attachment')).toHaveText(attachment);
  // The customer has not read it yet: '!' in the supplier's chat.
  await expect(supplierPanel.getByTestId('unread-mark')).toBeVisible();

  // Live: the customer's bell counts one more, without a reload.
  await expect.poll(() => bellCount(customer), { timeout: 10_000 }).toBe(before + 1);
  await expect(customer.getByTestId('chat-button')).toContainText('1 ungelesen');

  // The customer opens the conversation: read, and the supplier's '!' goes away live.
  await customer.getByTestId('chat-button').click();
  const customerPanel = customer.getByRole('dialog', { name: 'Chat' });
  await expect(
    customerPanel.getByText('Guten Tag, anbei unser Vorschlag für die Klemmenbelegung.'),
  ).toBeVisible();
  await expect(supplierPanel.getByTestId('unread-mark')).toHaveCount(0, { timeout: 10_000 });
  await expect(supplierPanel.getByText('Gelesen', { exact: true })).toBeVisible();
  await expect.poll(() => bellCount(customer), { timeout: 10_000 }).toBe(before);

  // The customer answers; the supplier sees it arrive.
  await customerPanel.getByTestId('chat-input').fill('Danke, passt so. Bitte grün-gelbe PE-Klemmen.');
  await customerPanel.getByRole('button', { name: 'Senden' }).click();
  await expect(supplierPanel.getByText('Danke, passt so. Bitte grün-gelbe PE-Klemmen.')).toBeVisible({
    timeout: 10_000,
  });

  // The supplier writes its offer; its chat is the same conversation, and the attachment goes into the offer.
  const created = await supplier.request.post('/api/offer/', { data: { enquiryId } });
  expect(created.status()).toBe(201);
  const offerId = ((await created.json()) as { id: string }).id;
  await supplier.goto(`/offer/${offerId}`);
  await supplier.getByTestId('chat-button').click();
  const offerPanel = supplier.getByRole('dialog', { name: 'Chat' });
  await expect(offerPanel.getByTestId('chat-message')).toHaveCount(2);
  await offerPanel.getByRole('button', { name: 'In Vorgang übernehmen' }).click();
  const copy = supplier.getByRole('dialog', { name: 'Anhang in die Dateien übernehmen' });
  await copy.getByRole('combobox', { name: 'Dateityp' }).click();
  await supplier.getByRole('option', { name: 'Schaltplan', exact: true }).click();
  await copy.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(supplier.getByText('Der Anhang wurde in die Dateien übernommen.')).toBeVisible();
  await offerPanel
    .getByRole('button', { name: 'Close' })
    .or(supplier.locator('.mantine-Drawer-close'))
    .first()
    .click();
  await expect(
    supplier.getByRole('region', { name: 'Dateien des Angebots' }).getByRole('table'),
  ).toContainText(attachment);
});
