import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Shows where the app navigated to (path and state), for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

/**
 * Renders a page at `path` (with navigation state) inside the app's providers; every other path shows
 * only the location probe, so a test sees where the page sent the user.
 */
export function renderPage(page: ReactElement, options: { path: string; url?: string; state?: unknown }) {
  const [pathname, search] = (options.url ?? options.path).split('?');
  const client = new QueryClient({
    // A query that retries (the reset-code check after a 503) asks again at once, not after a second.
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Notifications />
        <MemoryRouter
          initialEntries={[{ pathname, search: search ? `?${search}` : '', state: options.state }]}
        >
          <Routes>
            <Route path={options.path} element={page} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
