import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** The providers the app gives every component (Mantine without transitions, modals, toasts, router). */
export function TestProviders({ route = '/', children }: { route?: string; children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <ModalsProvider labels={{ confirm: 'Ja', cancel: 'Nein' }}>
        <Notifications />
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </ModalsProvider>
    </MantineProvider>
  );
}

/** Renders UI-kit components inside `TestProviders`. */
export function renderWithProviders(
  ui: ReactElement,
  { route, ...options }: { route?: string } & Omit<RenderOptions, 'wrapper'> = {},
) {
  return render(<TestProviders route={route}>{ui}</TestProviders>, options);
}

/** Makes `matchMedia` report the given queries as matching (e.g. the narrow-screen query). */
export function matchMediaQueries(matching: string[]): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: matching.includes(query),
    media: query,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
