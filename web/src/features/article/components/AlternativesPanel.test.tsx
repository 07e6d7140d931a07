import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { AlternativesPanel } from './AlternativesPanel';

function Harness({
  initial = [],
  own = '3RT2015-1BB41',
  onChange = () => {},
}: {
  initial?: string[];
  own?: string;
  onChange?(values: string[]): void;
}) {
  const [values, setValues] = useState(initial);
  return (
    <AlternativesPanel
      label="Alternative Bestellnummern"
      values={values}
      ownNumber={own}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

describe('AlternativesPanel (SPEC §5 alternatives: trimmed, Enter confirms, unique, not the own number)', () => {
  it('adds the trimmed number on Enter and empties the input', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Alternative Bestellnummern' });
    await user.type(input, '  3RT2015-1BB41-ZX  {Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['3RT2015-1BB41-ZX']);
    expect(input).toHaveValue('');
    expect(screen.getByRole('listitem')).toHaveTextContent('3RT2015-1BB41-ZX');
  });

  it('refuses a repetition (any case) and the own number with a German message', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['ALT-1']} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Alternative Bestellnummern' });
    await user.type(input, 'alt-1{Enter}');
    expect(screen.getByText('Diese Nummer ist bereits als Alternative eingetragen.')).toBeInTheDocument();
    await user.clear(input);
    expect(
      screen.queryByText('Diese Nummer ist bereits als Alternative eingetragen.'),
    ).not.toBeInTheDocument();
    await user.type(input, ' 3rt2015-1bb41 {Enter}');
    expect(
      screen.getByText('Die Alternative darf nicht der eigenen Nummer des Artikels entsprechen.'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(screen.getByText('Bitte geben Sie eine Nummer ein.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('removes a number with its close button', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['A-1', 'A-2']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'A-1 entfernen' }));
    expect(onChange).toHaveBeenLastCalledWith(['A-2']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['A-2']);
  });

  it('does not submit the surrounding form on Enter', async () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const user = userEvent.setup();
    renderWithProviders(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Harness />
      </form>,
    );
    await user.type(screen.getByRole('textbox'), 'X-1{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
