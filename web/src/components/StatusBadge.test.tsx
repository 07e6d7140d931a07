import { IconCircleCheck } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './StatusBadge';
import { renderWithProviders } from './test/render';

describe('StatusBadge', () => {
  it.each([
    ['active', 'aktiv', 'green'],
    ['inactive', 'inaktiv', 'gray'],
    ['pending', 'ausstehend', 'yellow'],
  ] as const)('shows company status %s as „%s“ in %s', (status, label, color) => {
    renderWithProviders(<StatusBadge status={status} />);
    const badge = screen.getByText(label).closest('[data-status]');
    expect(badge).toHaveAttribute('data-status', status);
    expect(badge?.getAttribute('style')).toContain(`--mantine-color-${color}`);
    // Never colour alone: a symbol besides the text, hidden from screen readers.
    expect(badge?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows any label in the given colour', () => {
    renderWithProviders(<StatusBadge label="Freigegeben" color="teal" icon={IconCircleCheck} />);
    const badge = screen.getByText('Freigegeben').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toContain('--mantine-color-teal');
    expect(badge?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
