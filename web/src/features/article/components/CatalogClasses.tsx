import { List, Stack, Table, Text } from '@mantine/core';
import type { ArticleResponse } from '@portal/domain/schemas/article';
import { useTranslation } from 'react-i18next';

/**
 * The classes of the trade (ECLASS with IRDI, ETIM) and the references to other articles that an imported
 * manufacturer catalog gave the article; read-only, the next catalog import replaces them.
 */
export function CatalogClasses({
  classes,
  references,
}: {
  classes: ArticleResponse['classes'];
  references: ArticleResponse['catalogReferences'];
}) {
  const { t } = useTranslation('article');
  if (classes.length === 0 && references.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="article-catalog-classes">
      {classes.length > 0 && (
        <Table withTableBorder>
          <Table.Caption>{t('catalogClasses.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('catalogClasses.system')}</Table.Th>
              <Table.Th>{t('catalogClasses.code')}</Table.Th>
              <Table.Th>{t('catalogClasses.version')}</Table.Th>
              <Table.Th>{t('catalogClasses.irdi')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {classes.map((entry) => (
              <Table.Tr key={`${entry.system}-${entry.code}`}>
                <Table.Td>{entry.system === 'ECLASS' ? 'ECLASS' : 'ETIM'}</Table.Td>
                <Table.Td>{entry.code}</Table.Td>
                <Table.Td>{entry.version ?? t('catalogClasses.noVersion')}</Table.Td>
                <Table.Td>{entry.irdi ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {references.length > 0 && (
        <>
          <Text size="sm" fw={500}>
            {t('catalogClasses.references')}
          </Text>
          <List size="sm">
            {references.map((reference) => (
              <List.Item key={`${reference.type}-${reference.orderNumber}`}>
                {t(`catalogClasses.referenceType.${reference.type}`)}: {reference.orderNumber}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
