import { AVATAR_PALETTE } from '@portal/domain/rules/avatar';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { ChatAvatar } from './ChatAvatar';

describe('ChatAvatar (SPEC §2)', () => {
  it('shows the initials of up to two name parts', () => {
    renderWithProviders(
      <>
        <ChatAvatar name="Klara Maria Kunde" personKey="u1" />
        <ChatAvatar name="Lars" personKey="u2" />
      </>,
    );
    const [klara, lars] = screen.getAllByTestId('chat-avatar');
    expect(klara).toHaveTextContent('KM');
    expect(lars).toHaveTextContent('L');
  });

  it('keeps the same palette colour for the same person on every render, and differs between people', () => {
    const first = renderWithProviders(<ChatAvatar name="Klara Kunde" personKey="user-7" />);
    const colour = first.getByTestId('chat-avatar').getAttribute('data-color');
    expect(AVATAR_PALETTE).toContain(colour);
    first.unmount();
    const second = renderWithProviders(<ChatAvatar name="Klara Kunde" personKey="user-7" />);
    expect(second.getByTestId('chat-avatar').getAttribute('data-color')).toBe(colour);
    second.unmount();
    const colours = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => {
        const view = renderWithProviders(<ChatAvatar name="X Y" personKey={`user-${key}`} />);
        const value = view.getByTestId('chat-avatar').getAttribute('data-color');
        view.unmount();
        return value;
      }),
    );
    expect(colours.size).toBeGreaterThan(1);
  });
});
