import type { EclassEntry } from '@portal/domain/schemas/eclass';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { CsvButtons, FieldValueList } from '../../field-values';
import { eclassKind } from '../api/eclass-kind';

/** SPEC §2 E-Class list: search by number, sort by number, description or work time, CSV, delete. */
export default function EclassListPage() {
  const { t } = useTranslation('fieldvalues');
  return (
    <FieldValueList<EclassEntry>
      kind={eclassKind}
      title={t('eclass.list')}
      defaultSort={{ column: 'eclassNumber', descending: false }}
      label={(row) => `${row.eclassNumber} ${row.description}`}
      searchPlaceholder={t('eclass.searchPlaceholder')}
      actions={<CsvButtons base="eclass" exportLabel={t('eclass.export')} importLabel={t('eclass.import')} />}
      columns={[
        {
          key: 'eclassNumber',
          header: t('eclass.eclassNumber'),
          sortable: true,
          render: (row) => row.eclassNumber,
        },
        {
          key: 'description',
          header: t('eclass.description'),
          sortable: true,
          render: (row) => row.description,
        },
        {
          key: 'workTime',
          header: t('eclass.workTime'),
          sortable: true,
          render: (row) => formatNumber(row.workTime),
        },
        {
          key: 'usedByArticleAmount',
          header: t('list.usedByArticleAmount'),
          render: (row) => row.usedByArticleAmount ?? 0,
        },
      ]}
    />
  );
}
