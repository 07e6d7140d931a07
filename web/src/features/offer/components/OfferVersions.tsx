import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { OfferRevisionResponse } from '@portal/domain/schemas/offer';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useOfferRevisions } from '../api/get-offer-revisions';
import { useOfferT } from '../offer-i18n';
import { offerListPath } from '../offer-paths';
import { OfferStateBadge } from './OfferBadges';

type Version = OfferRevisionResponse['versions'][number];

function VersionChanges({ version, previous }: { version: Version; previous: Version | undefined }) {
  const t = useOfferT();
  if (!previous) {
    return (
      <Text size="sm" c="dimmed">
        {t('versions.first')}
      </Text>
    );
  }
  if (version.changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('versions.noChanges')}
      </Text>
    );
  }
  const caption = t('versions.changesFrom', { version: previous.version });
  return (
    // On narrow screens the table scrolls sideways; it holds no link or button, so the scrolling box itself
    // takes the keyboard focus (arrow keys scroll it) and is named like the table.
    <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table fz="sm" striped aria-label={caption} captionSide="top">
        <Table.Caption ta="left">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('versions.change')}</Table.Th>
            <Table.Th>{t('versions.before')}</Table.Th>
            <Table.Th>{t('versions.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {version.changes.map((change) => (
            <Table.Tr key={`${change.kind}-${change.field}-${change.articleKey ?? ''}`}>
              <Table.Td>{change.label}</Table.Td>
              <Table.Td>{change.beforeText}</Table.Td>
              <Table.Td>{change.afterText}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Every version of the offer, newest first, with state, release date, a link and what
 * changed from the version before it.
 */
export function OfferVersions({ offerId }: { offerId: string }) {
  const t = useOfferT();
  const revisions = useOfferRevisions(offerId);
  const versions = [...(revisions.data?.versions ?? [])].sort((a, b) => a.version - b.version);
  if (versions.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('versions.title')}>
      <Title order={2} size="h3" mb="sm">
        {t('versions.title')}
      </Title>
      <Stack gap="md">
        {versions
          .map((version, index) => ({ version, previous: versions[index - 1] }))
          .reverse()
          .map(({ version, previous }) => (
            <Stack key={version.id} gap={6} data-testid="offer-version">
              <Group gap="sm">
                <Text fw={600}>{t('versions.version', { version: version.version })}</Text>
                <OfferStateBadge state={version.state} />
                {version.invalidated && (
                  <Badge variant="light" color="gray">
                    {t('versions.revised')}
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  {version.releaseDate
                    ? t('versions.releasedAt', { date: formatDate(version.releaseDate) })
                    : t('versions.notReleased')}
                </Text>
                {version.id === offerId ? (
                  <Text size="sm" c="dimmed">
                    ({t('versions.current')})
                  </Text>
                ) : (
                  <Anchor component={Link} to={`${offerListPath(version.state)}/${version.id}`} size="sm">
                    {t('versions.open')}
                  </Anchor>
                )}
              </Group>
              <VersionChanges version={version} previous={previous} />
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}
