import { Badge, Group } from '@mantine/core';
import type { BomLineStatus } from '@portal/domain/enums';
import { BOM_LINE_STATUS_LABELS, type BomLine } from '@portal/domain/schemas/bom';
import { useTranslation } from 'react-i18next';

/** One colour per status: green matched, grey supplied, red/orange the errors (SPEC §3 bomError). */
export const BOM_STATUS_COLORS: Record<BomLineStatus, string> = {
  MATCHED: 'green',
  SUPPLIED: 'gray',
  NOT_FOUND: 'red',
  DUPLICATE: 'orange',
  WRONG_UNIT: 'orange',
  MISSING_VALUES: 'red',
};

/** A marker stays whole ("Schreibweise abweichend") instead of "SCHREIBWEISE AB…"; the group wraps. */
const WHOLE = { flexShrink: 0, minWidth: 'max-content' } as const;

/**
 * The line's status in German; DUPLICATE with its number of candidates; markers for a number spelt
 * differently, another manufacturer's article, edited and manual.
 */
export function BomLineStatusBadge({ line }: { line: BomLine }) {
  const { t } = useTranslation('bom');
  const duplicate = line.status === 'DUPLICATE' && line.candidateIds.length > 0;
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        color={BOM_STATUS_COLORS[line.status]}
        variant="light"
        style={{ flexShrink: 0, minWidth: 'max-content' }}
      >
        {BOM_LINE_STATUS_LABELS[line.status]}
        {duplicate && ` (${t('table.candidates', { count: line.candidateIds.length })})`}
      </Badge>
      {line.matchKind === 'NORMALISED' && (
        <Badge color="yellow" variant="outline" size="sm" style={WHOLE}>
          {t('table.spelling')}
        </Badge>
      )}
      {line.matchKind === 'NUMBER_ONLY' && (
        <Badge color="yellow" variant="outline" size="sm" style={WHOLE}>
          {t('table.otherManufacturer')}
        </Badge>
      )}
      {line.manualReplacement && (
        <Badge color="blue" variant="outline" size="sm">
          {t('table.manual')}
        </Badge>
      )}
      {line.edited && (
        <Badge color="gray" variant="outline" size="sm">
          {t('table.edited')}
        </Badge>
      )}
    </Group>
  );
}
