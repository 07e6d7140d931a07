import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionQueryKey } from '../features/auth';
import { ApiError } from '../lib/api-client';
import { cssVariablesResolver, theme } from './theme';
import { componentDefaults } from './theme-components';

const portalTheme = mergeThemeOverrides(theme, { components: componentDefaults });

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError: (error) => {
        // A session that ended elsewhere (sign-out, company deactivated) sends the user back to the login.
        if (error instanceof ApiError && error.status === 401)
          void client.invalidateQueries({ queryKey: sessionQueryKey });
      },
    }),
  });
  return client;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={portalTheme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        {/* SPEC §9: toasts top-right, closing after 5000 ms; each toast has role="alert", so it is announced */}
        <Notifications position="top-right" autoClose={5000} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
