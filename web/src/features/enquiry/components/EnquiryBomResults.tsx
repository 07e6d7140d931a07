import { SegmentedControl, Stack } from '@mantine/core';
import { canAssignArticleMatches } from '@portal/domain/permissions';
import type { EnquiryBom } from '@portal/domain/schemas/bom';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameTarget } from '../../../components';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toActor, useSession } from '../../auth';
import {
  BomEstimateCard,
  BomLinesTable,
  BomUnknownManufacturers,
  type SaveBomLine,
  SummedBomTable,
} from '../../bom';
import { useAssignEnquiryBomManufacturer } from '../api/assign-enquiry-bom-manufacturer';
import { useEnquiryBomEstimate } from '../api/get-enquiry-bom-estimate';
import { enquiryBomLinesSource } from '../api/get-enquiry-bom-lines';
import { refreshEnquiryBomLines } from '../api/refresh-enquiry-bom';
import { useUpdateEnquiryBomLine } from '../api/update-enquiry-bom-line';

type View = 'lines' | 'summed';

interface EnquiryBomResultsProps {
  /** A mapped BOM (lineCounts set). */
  bom: EnquiryBom;
  /** The customer's draft: lines may be corrected. */
  editable: boolean;
}

/**
 * The BOM results on the enquiry (SPEC §9 estimate): the estimate, the manufacturer names the master data does not
 * know, then the matched lines or the summed BOM. Customers correct lines of their draft; operators assign
 * articles to lines that did not match.
 */
export function EnquiryBomResults({ bom, editable }: EnquiryBomResultsProps) {
  const { t } = useTranslation('bom');
  const queryClient = useQueryClient();
  const { enquiryId } = bom;
  const actor = toActor(useSession().data);
  const source = useMemo(() => enquiryBomLinesSource(enquiryId), [enquiryId]);
  const estimate = useEnquiryBomEstimate(enquiryId);
  const updateLine = useUpdateEnquiryBomLine();
  const assignManufacturer = useAssignEnquiryBomManufacturer();
  const [view, setView] = useState<View>('lines');

  const handleSaveLine: SaveBomLine = (line, values) =>
    updateLine.mutateAsync({ ...values, enquiryId, lineId: line.id });

  const handleCorrect = async (name: string, target: NameTarget) => {
    try {
      const answer = await assignManufacturer.mutateAsync({ enquiryId, name, manufacturerId: target.value });
      notifySuccess(
        t('unknownManufacturers.taken', { name, target: target.label, count: answer.rematchedLines }),
      );
    } catch (error) {
      notifyError(t('unknownManufacturers.failed', { name, reason: (error as Error).message }));
    }
  };

  return (
    <Stack gap="sm" data-testid="bom-results">
      <BomEstimateCard estimate={estimate.data} />
      {/* Master data is the operator administrators' (SPEC §6): the customer corrects its own draft's lines. */}
      <BomUnknownManufacturers
        source={source}
        correct={editable ? { onCorrect: handleCorrect } : undefined}
      />
      <SegmentedControl
        aria-label={t('view.label')}
        value={view}
        onChange={(value) => setView(value as View)}
        data={[
          { value: 'lines', label: t('view.lines') },
          { value: 'summed', label: t('view.summed') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'lines' ? (
        <BomLinesTable
          source={source}
          initialCounts={bom.lineCounts}
          onSaveLine={editable ? handleSaveLine : undefined}
          canAssignArticles={!!actor && canAssignArticleMatches(actor)}
          showSuccessRate
          onLinesChanged={() => void refreshEnquiryBomLines(queryClient, enquiryId)}
        />
      ) : (
        <SummedBomTable source={source} />
      )}
    </Stack>
  );
}
