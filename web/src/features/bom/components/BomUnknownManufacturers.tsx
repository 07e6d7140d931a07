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
  /**
   * The customer's draft: a name takes one of the manufacturers that have its lines' numbers, for this BOM
   * only (the master data stays the operator's). The call reports its outcome.
   */
  correct?: { onCorrect(name: string, target: NameTarget): Promise<unknown> };
  headingOrder?: TitleOrder;
}

/**
 * "Unbekannte Hersteller" of a mapped BOM (SPEC §3 BOM line matching info): the manufacturer names of its
 * lines (EPLAN writes short codes such as PHO, SIE, HELU) that the master data does not know, with their line
 * counts. Operator administrators assign each as a name variant or create a manufacturer right here; the
 * customer of a draft gives a name one of the manufacturers that have its lines' numbers, for this BOM;
 * everyone else reads who does it. Hidden while every name is known.
 */
export function BomUnknownManufacturers({
  source,
  resolve,
  correct,
  headingOrder = 3,
}: BomUnknownManufacturersProps) {
  const { t } = useTranslation('bom');
  const unknown = useUnknownManufacturers(source);
  if (unknown.isError) return <Alert color="yellow">{t('unknownManufacturers.loadFailed')}</Alert>;
  if (!unknown.data || unknown.data.names.length === 0) return null;
  const candidates = new Map(
    unknown.data.names.map((item) => [
      item.name,
      item.candidates.map((candidate) => ({
        value: candidate.id,
        label: candidate.displayName,
      })),
    ]),
  );
  const mode = resolve
    ? {
        hint: t('unknownManufacturers.hint'),
        onResolve: resolve.onResolve,
        targets: resolve.targets,
      }
    : correct
      ? {
          hint: t('unknownManufacturers.hintCustomer'),
          onResolve: (request: ResolveUnknownName) =>
            request.action === 'VARIANT'
              ? correct.onCorrect(request.name, request.target)
              : Promise.resolve(),
          targetsOf: (item: { name: string }) => candidates.get(item.name) ?? [],
          allowCreate: false,
          assignLabel: (target: string) => t('unknownManufacturers.takeAs', { target }),
          assignNoneLabel: t('unknownManufacturers.takeAsNone'),
          targetPlaceholder: t('unknownManufacturers.candidatePlaceholder'),
          noTargetsText: t('unknownManufacturers.noCandidates'),
        }
      : { hint: t('unknownManufacturers.hintReadOnly') };
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
        names={unknown.data.names}
        total={unknown.data.total}
        targetLabel={(name) => t('unknownManufacturers.target', { name })}
        targetPlaceholder={t('unknownManufacturers.targetPlaceholder')}
        {...mode}
      />
    </Paper>
  );
}
