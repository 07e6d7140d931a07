// The feature's pages for the router (app/pages.tsx), each loaded on first visit into its own chunk so the
// entry chunk stays small (ARCHITECTURE §7). The index re-exports them; the router imports this file so that
// the index's components stay out of the entry chunk.
import { lazy } from 'react';

export const ActionPage = lazy(() => import('./pages/ActionPage'));
export const ForgetPage = lazy(() => import('./pages/ForgetPage'));
export const ProfilePage = lazy(() => import('./pages/ProfilePage'));
export const RegisterPage = lazy(() => import('./pages/RegisterPage'));
export const ResetPage = lazy(() => import('./pages/ResetPage'));
