import type { FieldMappingEntry } from '@portal/domain/schemas/import-config';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { FieldMappingTable } from './FieldMappingTable';

function Harness({ onChange }: { onChange(mapping: FieldMappingEntry[]): void }) {
  const [value, setValue] = useState<FieldMappingEntry[]>([
    { importHeader: 'Bestell-Nr.', articleField: 'orderNumber' },
  ]);
  return (
    <FieldMappingTable
      headers={['Bestell-Nr.', 'Breite (mm)']}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('FieldMappingTable (SPEC §3 mapping header → article field)', () => {
  it('maps a header to a field and does not offer a field that another column has', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Artikelfeld: Bestell-Nr.' })).toHaveValue('Bestellnummer');
    await user.click(screen.getByRole('combobox', { name: 'Artikelfeld: Breite (mm)' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Bestellnummer' })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: 'Breite' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { importHeader: 'Bestell-Nr.', articleField: 'orderNumber' },
      { importHeader: 'Breite (mm)', articleField: 'width' },
    ]);
  });
});
