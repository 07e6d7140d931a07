// The feature's pages for the router (app/pages.tsx), loaded on first visit into their own chunk.
import { lazy } from 'react';

export const PricingSettingsPage = lazy(() => import('./pages/PricingSettingsPage'));
