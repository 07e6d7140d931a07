import { Select } from '@mantine/core';
import type { DiscountGroup } from '@portal/domain/schemas/discount-group';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { CsvButtons, FieldValueList, useFieldValues, VariantsText } from '../../field-values';
import { manufacturerKind } from '../../manufacturer';
import { discountGroupKind } from '../api/discount-group-kind';

/** SPEC §2 discount group list: search, manufacturer filter, combine, CSV export/import, delete, sorting. */
export default function DiscountGroupListPage() {
  const { t } = useTranslation('fieldvalues');
  const [searchParams, setSearchParams] = useSearchParams();
  const manufacturerId = searchParams.get('manufacturer') ?? undefined;
  const manufacturers = useFieldValues(manufacturerKind, { column: 'displayName' });

  const handleManufacturer = (value: string | null) =>
    setSearchParams((params) => {
      if (value) params.set('manufacturer', value);
      else params.delete('manufacturer');
      params.delete('page');
      return params;
    });

  return (
    <FieldValueList<DiscountGroup>
      kind={discountGroupKind}
      title={t('discount.list')}
      defaultSort={{ column: 'displayName', descending: false }}
      label={(row) => `${row.displayName} (${row.manufacturerName})`}
      combinable
      params={{ manufacturerId }}
      actions={
        <CsvButtons
          base="discountgroup"
          exportLabel={t('discount.export')}
          importLabel={t('discount.import')}
        />
      }
      filters={
        <Select
          label={t('discount.manufacturerFilter')}
          placeholder={t('discount.allManufacturers')}
          clearable
          searchable
          value={manufacturerId ?? null}
          onChange={handleManufacturer}
          data={(manufacturers.data?.content ?? []).map((item) => ({
            value: item.id,
            label: item.displayName,
          }))}
        />
      }
      columns={[
        {
          key: 'displayName',
          header: t('list.displayName'),
          sortable: true,
          render: (row) => row.displayName,
        },
        { key: 'manufacturer', header: t('discount.manufacturer'), render: (row) => row.manufacturerName },
        { key: 'percent', header: t('discount.percent'), render: (row) => `${formatNumber(row.percent)} %` },
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
