import type { ImportNameKind, UnknownImportName } from '@portal/domain/schemas/article-import';
import { useTranslation } from 'react-i18next';
import { type ResolveUnknownName, UnknownNames } from '../../../../components';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useManufacturerOptions, useUnitOptions } from '../../api/get-article-options';
import { useResolveImportName } from '../../api/import-resolve-name';

interface ImportUnknownNamesProps {
  kind: ImportNameKind;
  names: UnknownImportName[];
  /** Distinct unknown names of the file (`names` lists the most frequent). */
  total: number;
}

/**
 * The manufacturer or unit names of the file that the master data does not know, each with
 * "anlegen" and "als Variante von … zuordnen" right in the preview; resolved names leave the list.
 */
export function ImportUnknownNames({ kind, names, total }: ImportUnknownNamesProps) {
  const { t } = useTranslation('import');
  const manufacturers = useManufacturerOptions();
  const units = useUnitOptions();
  const resolve = useResolveImportName();
  const targets = (kind === 'MANUFACTURER' ? manufacturers.data : units.data) ?? [];

  const handleResolve = (request: ResolveUnknownName) =>
    request.action === 'CREATE'
      ? resolve
          .mutateAsync({ action: 'CREATE', kind, name: request.name })
          .then(() => notifySuccess(t(`preview.names.${kind}.created`, { name: request.name })))
          .catch((error: Error) => notifyError(error.message))
      : resolve
          .mutateAsync({ action: 'VARIANT', kind, name: request.name, targetId: request.target.value })
          .then(() =>
            notifySuccess(
              t(`preview.names.${kind}.assigned`, { name: request.name, target: request.target.label }),
            ),
          )
          .catch((error: Error) => notifyError(error.message));

  return (
    <UnknownNames
      data-testid={`unknown-${kind.toLowerCase()}s`}
      title={t(`preview.names.${kind}.title`)}
      hint={t(`preview.names.${kind}.hint`)}
      names={names.map((item) => ({ name: item.name, lines: item.rows }))}
      total={total}
      onResolve={handleResolve}
      targets={targets}
      targetLabel={(name) => t(`preview.names.${kind}.target`, { name })}
      targetPlaceholder={t(`preview.names.${kind}.targetPlaceholder`)}
    />
  );
}
