import { Center, Loader, Text, Title } from '@mantine/core';
import { type PageId, resolveRoute } from '@portal/domain/rules/reachability';
import { lazy, type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { toViewer, useSession } from '../features/auth';
import { loadFeatureNamespaces } from '../lib/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';
import { PublicLayout } from './layout/PublicLayout';
import { PAGES } from './pages';

/**
 * The signed-in shell (menu, user menu, bell, live events) loads on first use: the login page does not
 * need its code (ARCHITECTURE §7, login route <= 200 KB of JavaScript).
 */
const AppLayout = lazy(() => import('./layout/AppLayout').then((module) => ({ default: module.AppLayout })));
const ModalsHost = lazy(() => import('./modals-host'));

/** The pages a person signs in with: their texts and code are bundled, everything else loads on demand. */
const SIGN_IN_PAGES: ReadonlySet<PageId> = new Set<PageId>(['login', 'forget', 'reset', 'action']);

/** Renders `children` once every area's texts are there (suspends the first time). */
function WithFeatureTexts({ children }: { children: ReactNode }) {
  use(loadFeatureNamespaces());
  return children;
}

/**
 * Beyond the sign-in pages: every area's texts first (the pages and the signed-in shell use each other's
 * namespaces), and the host of the confirmation dialogs.
 */
function FullApp({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  if (!enabled) return children;
  return (
    <WithFeatureTexts>
      {children}
      {/* Its own boundary: the page does not wait for the dialogs' code, which loads beside it. */}
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
    </WithFeatureTexts>
  );
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}

/**
 * SPEC §2: the reachability table of `domain/rules` decides what a path shows for the viewer;
 * this component only renders its answer (page, redirect or not-found).
 */
function ResolvedRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.isError)
    return (
      <PublicLayout>
        <ErrorPage text={session.error.message} />
      </PublicLayout>
    );

  const viewer = toViewer(session.data);
  const resolution = resolveRoute(location.pathname, viewer);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;

  const Layout = viewer.signedIn ? AppLayout : PublicLayout;
  const fullApp = viewer.signedIn || (resolution.kind === 'page' && !SIGN_IN_PAGES.has(resolution.page));
  if (resolution.kind === 'notFound') {
    return (
      <Suspense fallback={<PageLoader />}>
        <FullApp enabled={fullApp}>
          <Layout>
            <Title order={1} size="h2" mt="xl">
              {t('notFoundTitle')}
            </Title>
            <Text size="lg" mt="sm" data-testid="not-found">
              {t('notFound')}
            </Text>
          </Layout>
        </FullApp>
      </Suspense>
    );
  }
  const Page = PAGES[resolution.page];
  // The public project folder shows a file table: the wide signed-out layout.
  return (
    <Suspense fallback={<PageLoader />}>
      <FullApp enabled={fullApp}>
        <Layout wide={resolution.page === 'businessDataPublic'}>
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<PageLoader />}>
              <Page params={resolution.params} />
            </Suspense>
          </ErrorBoundary>
        </Layout>
      </FullApp>
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="*" element={<ResolvedRoute />} />
    </Routes>
  );
}
