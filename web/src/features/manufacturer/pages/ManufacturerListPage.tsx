import type { Manufacturer } from '@portal/domain/schemas/manufacturer';
import { useTranslation } from 'react-i18next';
import { FieldValueList, VariantsText } from '../../field-values';
import { manufacturerKind } from '../api/manufacturer-kind';

/** SPEC §2 manufacturer list: search over all names, combine, delete, sort by name or article count. */
export default function ManufacturerListPage() {
  const { t } = useTranslation('fieldvalues');
  return (
    <FieldValueList<Manufacturer>
      kind={manufacturerKind}
      title={t('manufacturer.list')}
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
          key: 'abbreviation',
          header: t('manufacturer.abbreviation'),
          render: (row) => row.abbreviation ?? '–',
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
