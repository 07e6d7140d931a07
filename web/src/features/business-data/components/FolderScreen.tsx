import { Anchor, Center, Grid, Group, Loader, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import type { FolderResponse } from '@portal/domain/schemas/business-data';
import { IconFolder, IconKey, IconListDetails, IconLock, IconSettings, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OfferStateBadge, offerListPath } from '../../offer';
import { type FolderTextKey, useFolderT } from '../business-data-i18n';
import { FolderDeclinedView } from './FolderDeclinedView';
import { FolderFilesView } from './FolderFilesView';
import type { FolderManageViewId } from './FolderManageView';

const FolderManageView = lazy(() => import('./FolderManageView'));

type FolderViewId = 'files' | FolderManageViewId | 'declined';

const MANAGE_VIEWS: { id: FolderManageViewId; icon: ReactNode }[] = [
  { id: 'settings', icon: <IconSettings size={16} /> },
  { id: 'password', icon: <IconKey size={16} /> },
  { id: 'external', icon: <IconUsers size={16} /> },
  { id: 'log', icon: <IconListDetails size={16} /> },
];

/** Which views the sidebar offers: the manage views only to a member who manages (SPEC §2). */
export function folderViews(folder: FolderResponse): FolderViewId[] {
  if (!folder.rights.read) return ['declined'];
  const manage = folder.rights.manage && folder.viewer === 'MEMBER' && folder.settings !== null;
  return manage ? ['files', ...MANAGE_VIEWS.map((view) => view.id)] : ['files'];
}

/**
 * SPEC §2 project folder screen, the same for members, invited guests and anonymous visitors: the offer's
 * numbers and companies above, a sidebar of views (Ordner; Einstellungen, Passwort, Externe Nutzer,
 * Zugriffsprotokoll for those who manage; "Zugriff verweigert" when the files are closed to the viewer).
 */
export function FolderScreen({ folder }: { folder: FolderResponse }) {
  const t = useFolderT();
  const [searchParams, setSearchParams] = useSearchParams();
  const views = folderViews(folder);
  const asked = searchParams.get('view') as FolderViewId | null;
  const view: FolderViewId = asked && views.includes(asked) ? asked : views[0]!;
  // Switching drops the other view's page and page size, which live in the URL as well.
  const choose = (next: FolderViewId) => setSearchParams(next === 'files' ? {} : { view: next });
  const name = folder.referenceNumber ?? folder.offerNumber ?? '';
  const icons: Record<FolderViewId, ReactNode> = {
    files: <IconFolder size={16} />,
    declined: <IconLock size={16} />,
    ...Object.fromEntries(MANAGE_VIEWS.map((entry) => [entry.id, entry.icon])),
  } as Record<FolderViewId, ReactNode>;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {name ? t('titleWith', { name }) : t('title')}
            </Title>
            <OfferStateBadge state={folder.state} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="folder-header">
            {[
              folder.offerNumber && `${folder.offerNumber} (${t('version', { version: folder.version })})`,
              `${t('customer')}: ${folder.customerName}`,
              `${t('supplier')}: ${folder.supplierName}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {folder.offerId && (
          <Anchor component={Link} to={`${offerListPath(folder.state)}/${folder.offerId}`}>
            {t('openOffer')}
          </Anchor>
        )}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p={4} component="nav" aria-label={t('views.label')}>
            {views.map((id) => (
              <NavLink
                key={id}
                label={t(`views.${id}` as FolderTextKey)}
                leftSection={icons[id]}
                active={id === view}
                aria-current={id === view ? 'page' : undefined}
                onClick={() => choose(id)}
                component="button"
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {view === 'files' && <FolderFilesView folder={folder} />}
          {view === 'declined' && <FolderDeclinedView />}
          {view !== 'files' && view !== 'declined' && folder.settings && (
            <Suspense
              fallback={
                <Center mih={200}>
                  <Loader />
                </Center>
              }
            >
              <FolderManageView view={view} folder={folder} settings={folder.settings} />
            </Suspense>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
