import { SegmentedControl, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BomLinesTable, SummedBomTable } from '../../bom';
import { adminBomLinesSource, adminBomQueryKeys } from '../api/admin-bom';

type View = 'lines' | 'summed';

/**
 * The lines of an operator's BOM result (SPEC §2: show articles, only the lines with errors through the
 * table's switch, the summed BOM), with the article assignment of the operator on lines that did not match.
 */
export function BomImportLines({ bomId }: { bomId: string }) {
  const { t } = useTranslation('bom');
  const queryClient = useQueryClient();
  const source = useMemo(() => adminBomLinesSource(bomId), [bomId]);
  const [view, setView] = useState<View>('lines');
  return (
    <Stack gap="sm">
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
          canAssignArticles
          // An assignment changes the counts and the success rate of the result and of the history.
          onLinesChanged={() => void queryClient.invalidateQueries({ queryKey: adminBomQueryKeys.all })}
        />
      ) : (
        <SummedBomTable source={source} />
      )}
    </Stack>
  );
}
