import { Button, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../data-table';

function DisplayButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="light"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {t('display')}
    </Button>
  );
}

function HiddenActionsHeader() {
  const { t } = useTranslation();
  return <VisuallyHidden>{t('table.actions')}</VisuallyHidden>;
}

/**
 * The last column of a list: an "Anzeigen" button that opens the row. The click stays on the button, so a
 * list whose rows open on click does not open them twice. Without a header text of its own the column is
 * still called "Aktionen" for screen readers: no header cell stays empty.
 */
export function displayColumn<T>(header: ReactNode, open: (row: T) => void): DataTableColumn<T> {
  return {
    key: 'actions',
    header: header || <HiddenActionsHeader />,
    render: (row) => <DisplayButton onClick={() => open(row)} />,
  };
}
