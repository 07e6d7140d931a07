import { Table, type TableThProps, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The header cell of a column of row buttons: it shows nothing, but a screen reader reads "Aktionen" for it,
 * so no table has a header cell without text (WCAG 1.3.1).
 */
export function ActionsHeader(props: TableThProps) {
  const { t } = useTranslation();
  return (
    <Table.Th {...props}>
      <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
    </Table.Th>
  );
}
