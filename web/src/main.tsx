import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './lib/i18n';
import { reportCaughtError } from './app/ErrorBoundary';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { checkForNewBuild } from './app/version-check';

void checkForNewBuild();

const root = document.getElementById('root');
if (!root) throw new Error('#root fehlt');

createRoot(root, { onCaughtError: reportCaughtError }).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
