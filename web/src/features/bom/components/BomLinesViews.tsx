import { SegmentedControl, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BomLinesSource } from '../bom-lines-source';
import { SummedBomTable } from './SummedBomTable';

type View = 'lines' | 'summed';

interface BomLinesViewsProps {
  source: Pick<BomLinesSource, 'queryKey' | 'fetchSummed'>;
  /** The lines table as the owner configures it. */
  lines: ReactNode;
}

/** The switch between a BOM's lines and its summed BOM ("Summenstückliste"), shown one at a time. */
export function BomLinesViews({ source, lines }: BomLinesViewsProps) {
  const { t } = useTranslation('bom');
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
      {view === 'lines' ? lines : <SummedBomTable source={source} />}
    </Stack>
  );
}
