import { SIGNED_DOCUMENT_REASONS } from '@portal/domain/rules/offer-documents';
import type { OfferFile, OfferResponse } from '@portal/domain/schemas/offer';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor, customerOpenAbilities, draftAbilities, offer } from '../test/offer-fixtures';
import { OfferFilesPanel } from './OfferFilesPanel';

function file(id: string, filename: string, fileType: OfferFile['fileType'], by: OfferFile['uploadedBy']) {
  return { id, filename, fileType, size: 2048, uploadedBy: by, createDate: '2026-11-21T08:00:00.000Z' };
}

const OFFER_PDF = file('f1', 'Angebot.pdf', 'OFFER', 'SUPPLIER');
const ORDER_PDF = file('f2', 'Bestellung.pdf', 'ORDER', 'CUSTOMER');
const CONFIRMATION_PDF = file('f3', 'AB.pdf', 'ORDER_CONFIRMATION', 'SUPPLIER');
const DRAWING = file('f4', 'Schaltplan.pdf', 'CIRCUIT_DIAGRAM', 'SUPPLIER');

const supplierOrderAbilities = {
  ...draftAbilities,
  edit: false,
  release: false,
  confirm: true,
  uploadFiles: true,
};

function renderPanel(current: OfferResponse, client: QueryClient) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <OfferFilesPanel offer={current} />
    </QueryClientProvider>,
  );
  return user;
}

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'Dateien des Angebots' }))
    .getByText(name)
    .closest('tr') as HTMLElement;

/** The lock with "verbindlich" and its reason in the row, and no delete button. */
function expectFixed(name: string, reason: string) {
  const row = rowOf(name);
  const mark = within(row).getByTestId('offer-file-fixed');
  expect(mark).toHaveTextContent('verbindlich');
  expect(mark).toHaveTextContent(reason);
  expect(within(row).queryByRole('button', { name: `Löschen: ${name}` })).not.toBeInTheDocument();
  expect(within(row).getByRole('button', { name: `Herunterladen: ${name}` })).toBeInTheDocument();
}

function expectDeletable(name: string) {
  const row = rowOf(name);
  expect(within(row).queryByTestId('offer-file-fixed')).not.toBeInTheDocument();
  expect(within(row).getByRole('button', { name: `Löschen: ${name}` })).toBeInTheDocument();
}

describe('OfferFilesPanel: signed documents', { timeout: 30_000 }, () => {
  it('draft: the supplier deletes its offer file; nothing is fixed', () => {
    renderPanel(offer({ files: [OFFER_PDF, DRAWING] }), clientFor('SUPPLIER'));
    expectDeletable('Angebot.pdf');
    expectDeletable('Schaltplan.pdf');
    expect(screen.queryByText('verbindlich')).not.toBeInTheDocument();
  });

  it('released: the customer sees the offer file as binding and may still delete its own order', () => {
    renderPanel(
      offer({ released: true, abilities: customerOpenAbilities, files: [OFFER_PDF, ORDER_PDF] }),
      clientFor('CUSTOMER'),
    );
    expectFixed('Angebot.pdf', SIGNED_DOCUMENT_REASONS.OFFER);
    expectDeletable('Bestellung.pdf');
  });

  it('accepted (/order): offer and order are binding, the supplier deletes its working files and draft confirmation', () => {
    renderPanel(
      offer({
        released: true,
        state: 'ACCEPTED',
        abilities: supplierOrderAbilities,
        files: [OFFER_PDF, ORDER_PDF, CONFIRMATION_PDF, DRAWING],
      }),
      clientFor('SUPPLIER'),
    );
    expectFixed('Angebot.pdf', SIGNED_DOCUMENT_REASONS.OFFER);
    expectFixed('Bestellung.pdf', SIGNED_DOCUMENT_REASONS.ORDER);
    expectDeletable('AB.pdf');
    expectDeletable('Schaltplan.pdf');
  });

  it('confirmed (/job): all three documents are binding', () => {
    renderPanel(
      offer({
        released: true,
        state: 'CONFIRMED',
        abilities: { ...supplierOrderAbilities, confirm: false, uploadFiles: false },
        files: [OFFER_PDF, ORDER_PDF, CONFIRMATION_PDF],
      }),
      clientFor('SUPPLIER'),
    );
    expectFixed('Angebot.pdf', SIGNED_DOCUMENT_REASONS.OFFER);
    expectFixed('Bestellung.pdf', SIGNED_DOCUMENT_REASONS.ORDER);
    expectFixed('AB.pdf', SIGNED_DOCUMENT_REASONS.ORDER_CONFIRMATION);
  });

  it('accepted: a new file is not proposed as offer or order, and those types are not offered', async () => {
    const user = renderPanel(
      offer({ released: true, state: 'ACCEPTED', abilities: supplierOrderAbilities, files: [OFFER_PDF] }),
      clientFor('SUPPLIER'),
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.7'], 'Angebot Nachtrag.pdf', { type: 'application/pdf' }));
    const select = await screen.findByLabelText('Dateityp für „Angebot Nachtrag.pdf“', { selector: 'input' });
    expect(select).toHaveValue('Sonstige');
    await user.click(select);
    const listbox = await waitFor(() => {
      const open = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!open) throw new Error('Die Auswahl ist nicht offen.');
      return open;
    });
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('Auftragsbestätigung');
    expect(options).toContain('Schaltplan');
    expect(options).not.toContain('Angebot');
    expect(options).not.toContain('Bestellung');
  });
});
