import type { Wholesaler } from '@portal/domain/schemas/wholesaler';
import { useTranslation } from 'react-i18next';
import { FieldValueList } from '../../field-values';
import { wholesalerKind } from '../api/wholesaler-kind';

/** SPEC §2 wholesaler list: search, delete, sort by name or article count. */
export default function WholesalerListPage() {
  const { t } = useTranslation('fieldvalues');
  return (
    <FieldValueList<Wholesaler>
      kind={wholesalerKind}
      title={t('wholesaler.list')}
      defaultSort={{ column: 'displayName', descending: false }}
      label={(row) => row.displayName}
      columns={[
        {
          key: 'displayName',
          header: t('list.displayName'),
          sortable: true,
          render: (row) => row.displayName,
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
