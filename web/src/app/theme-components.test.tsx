import { Burger, createTheme, MantineProvider, Modal, Pagination, PasswordInput } from '@mantine/core';
import { Calendar, DateInput } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { componentDefaults } from './theme-components';

const theme = createTheme({ components: componentDefaults });
const renderThemed = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>, {});

describe('theme defaults of Mantine controls: every button has a German name', () => {
  it('names the clear button of a date field', () => {
    renderThemed(<DateInput label="Liefertermin" clearable value="2030-06-01" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Datum löschen' })).toBeInTheDocument();
  });

  it('names the calendar arrows', () => {
    renderThemed(<Calendar defaultDate="2030-06-01" />);
    expect(screen.getByRole('button', { name: 'Vorheriger Monat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
  });

  it('names the password toggle in German instead of "Toggle password visibility"', () => {
    renderThemed(<PasswordInput label="Passwort" />);
    expect(screen.getByLabelText(/Passwort/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Eingabe anzeigen' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /toggle/i })).not.toBeInTheDocument();
  });

  it('names the close button of a dialog', () => {
    renderThemed(
      <Modal opened onClose={() => {}} title="Ordner" transitionProps={{ duration: 0 }}>
        Inhalt
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });

  it('names the pagination arrows and the menu button', () => {
    renderThemed(
      <>
        <Pagination total={5} withEdges />
        <Burger />
      </>,
    );
    for (const name of ['Erste Seite', 'Vorherige Seite', 'Nächste Seite', 'Letzte Seite', 'Menü'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });
});
