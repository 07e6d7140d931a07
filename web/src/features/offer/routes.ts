// The feature's pages for the router (app/pages.tsx), each loaded on first visit into its own chunk so the
// entry chunk stays small (ARCHITECTURE §7). The index re-exports them; the router imports this file so that
// the index's components stay out of the entry chunk.
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import type { PageProps } from '../../app/page-props';
import type { OfferListPath } from './offer-paths';

export const OfferDetailPage = lazy(() => import('./pages/OfferDetailPage'));
export const OfferNewPage = lazy(() => import('./pages/OfferNewPage'));

/** The offer, order or job list: one page, the path says which states it shows. */
export function offerListPage(path: OfferListPath): LazyExoticComponent<ComponentType<PageProps>> {
  return lazy(() =>
    import('./pages/OfferListPage').then((module) => ({
      default: () => createElement(module.OfferListPage, { path }),
    })),
  );
}
