import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PLACEHOLDER for part B's `<ArticleImportPanel />` (components/import/ArticleImportPanel.tsx: import
 * button, dialog and progress). The list page renders this until that component exists.
 */
export function ArticleImportPlaceholder() {
  const { t } = useTranslation('article');
  return (
    <Paper withBorder p="md" radius="md" data-testid="article-import-placeholder">
      <Text size="sm" c="dimmed">
        {t('import.placeholder')}
      </Text>
    </Paper>
  );
}
