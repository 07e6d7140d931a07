import { Alert, Paper, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type NameTarget, type ResolveUnknownName, UnknownNames } from '../../../components';
import { useUnknownManufacturers } from '../api/get-unknown-manufacturers';
import type { BomLinesSource } from '../bom-lines-source';

export interface BomUnknownManufacturersProps {
  source: Pick<BomLinesSource, 'queryKey' | 'fetchUnknownManufacturers'>;
  /**
   * Operator administrators (canManageMasterData): the manufacturers a name may become a variant of, and the
   * call that resolves a name (it reports its outcome). Without it the names are listed read-only.
   */
  resolve?: { targets: NameTarget[]; onResolve(request: ResolveUnknownName): Promise<unknown> };
  headingOrder?: TitleOrder;
}

/**
 * "Unbekannte Hersteller" of a mapped BOM (SPEC §3 BOM line matching info): the manufacturer names of its
 * lines (EPLAN writes short codes such as PHO, SIE, HELU) that the master data does not know, with their line
 * counts. Operator administrators assign each as a name variant or create a manufacturer right here; everyone
 * else reads who does it. Hidden while every name is known.
 */
export function BomUnknownManufacturers({ source, resolve, headingOrder = 3 }: BomUnknownManufacturersProps) {
  const { t } = useTranslation('bom');
  const unknown = useUnknownManufacturers(source);
  if (unknown.isError) return <Alert color="yellow">{t('unknownManufacturers.loadFailed')}</Alert>;
  if (!unknown.data || unknown.data.names.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label={t('unknownManufacturers.title')}
      data-testid="bom-unknown-manufacturers"
    >
      <UnknownNames
        title={t('unknownManufacturers.title')}
        headingOrder={headingOrder}
        hint={t(resolve ? 'unknownManufacturers.hint' : 'unknownManufacturers.hintReadOnly')}
        names={unknown.data.names}
        total={unknown.data.total}
        onResolve={resolve?.onResolve}
        targets={resolve?.targets}
        targetLabel={(name) => t('unknownManufacturers.target', { name })}
        targetPlaceholder={t('unknownManufacturers.targetPlaceholder')}
      />
    </Paper>
  );
}
