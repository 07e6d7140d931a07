import { Center, Loader, Text, Title } from '@mantine/core';
import { resolveRoute } from '@portal/domain/rules/reachability';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { toViewer, useSession } from '../features/auth';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import { PAGES } from './pages';

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
  if (resolution.kind === 'notFound') {
    return (
      <Layout>
        <Title order={1} size="h2" mt="xl">
          {t('notFoundTitle')}
        </Title>
        <Text size="lg" mt="sm" data-testid="not-found">
          {t('notFound')}
        </Text>
      </Layout>
    );
  }
  const Page = PAGES[resolution.page];
  // The public project folder shows a file table: the wide signed-out layout.
  return (
    <Layout wide={resolution.page === 'businessDataPublic'}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoader />}>
          <Page params={resolution.params} />
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="*" element={<ResolvedRoute />} />
    </Routes>
  );
}
