import { canManageMasterData } from '@portal/domain/permissions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolveUnknownName } from '../../../components';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useManufacturerOptions } from '../../article';
import { toActor, useSession } from '../../auth';
import { type BomLinesSource, BomUnknownManufacturers } from '../../bom';
import { adminBomLinesSource } from '../api/admin-bom';
import { useResolveAdminBomManufacturer } from '../api/resolve-admin-bom-manufacturer';

/**
 * The result's unknown manufacturer names: operator administrators resolve them here (SPEC §6, master data
 * is theirs), the operator's other staff read them.
 */
export function BomImportUnknownManufacturers({ bomId }: { bomId: string }) {
  const actor = toActor(useSession().data);
  const source = useMemo(() => adminBomLinesSource(bomId), [bomId]);
  if (actor && canManageMasterData(actor)) {
    return <ResolvableUnknownManufacturers bomId={bomId} source={source} />;
  }
  return <BomUnknownManufacturers source={source} headingOrder={2} />;
}

function ResolvableUnknownManufacturers({ bomId, source }: { bomId: string; source: BomLinesSource }) {
  const { t } = useTranslation('bom');
  const manufacturers = useManufacturerOptions();
  const resolve = useResolveAdminBomManufacturer();

  const handleResolve = async (request: ResolveUnknownName) => {
    const { name } = request;
    try {
      if (request.action === 'CREATE') {
        const answer = await resolve.mutateAsync({ id: bomId, action: 'CREATE', name });
        notifySuccess(t('unknownManufacturers.created', { name, count: answer.rematchedLines }));
      } else {
        const { target } = request;
        const answer = await resolve.mutateAsync({
          id: bomId,
          action: 'VARIANT',
          name,
          targetId: target.value,
        });
        notifySuccess(
          t('unknownManufacturers.assigned', { name, target: target.label, count: answer.rematchedLines }),
        );
      }
    } catch (error) {
      notifyError(t('unknownManufacturers.failed', { name, reason: (error as Error).message }));
    }
  };

  return (
    <BomUnknownManufacturers
      source={source}
      headingOrder={2}
      resolve={{ targets: manufacturers.data ?? [], onResolve: handleResolve }}
    />
  );
}
