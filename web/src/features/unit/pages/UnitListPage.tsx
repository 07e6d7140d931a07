import type { Unit } from '@portal/domain/schemas/unit';
import { useTranslation } from 'react-i18next';
import { FieldValueList, VariantsText } from '../../field-values';
import { unitKind } from '../api/unit-kind';

/** SPEC §2 unit list: search over all names, combine, delete, sort by name or article count. */
export default function UnitListPage() {
  const { t } = useTranslation('fieldvalues');
  return (
    <FieldValueList<Unit>
      kind={unitKind}
      title={t('unit.list')}
      defaultSort={{ column: 'displayName', descending: false }}
      label={(row) => row.displayName}
      combinable
      columns={[
        {
          key: 'displayName',
          header: t('list.displayName'),
          sortable: true,
          render: (row) => row.displayName,
        },
        {
          key: 'nameVariants',
          header: t('list.nameVariants'),
          render: (row) => <VariantsText variants={row.nameVariants} />,
        },
        {
          key: 'usedByArticleAmount',
          header: t('list.usedByArticleAmount'),
          sortable: true,
          render: (row) => row.usedByArticleAmount ?? 0,
        },
      ]}
    />
  );
}
