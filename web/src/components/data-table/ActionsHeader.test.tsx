import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ActionsHeader } from './ActionsHeader';

describe('ActionsHeader', () => {
  it('is a header cell that reads "Aktionen" without showing it', () => {
    renderWithProviders(
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Datei</Table.Th>
            <ActionsHeader w={80} />
          </Table.Tr>
        </Table.Thead>
      </Table>,
    );
    expect(screen.getByRole('columnheader', { name: 'Aktionen' })).toBeInTheDocument();
  });
});
