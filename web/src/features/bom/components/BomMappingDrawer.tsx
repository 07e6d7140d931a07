import {
  Alert,
  Button,
  Drawer,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { headerKey } from '@portal/domain/rules/import-mapping';
import {
  BOM_FIELD_NAMES,
  BOM_FIELDS,
  BOM_MAPPING_WARNINGS,
  type BomField,
  type BomFieldMappingEntry,
  type BomMapping,
  bomMappingBody,
} from '@portal/domain/schemas/bom';
import { headerRowIndex } from '@portal/domain/schemas/import-config';
import { IconAlertTriangle, IconDeviceFloppy, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NARROW_SCREEN_QUERY } from '../../../components/data-table/DataTable';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** The Select's value for a column that is not taken over (BOM fields are never this name). */
const NOT_MAPPED = 'none';

/** What the side panel shows of a stored BOM (an enquiry's BOM, an operator's BOM result). */
export interface BomMappingSource {
  bomFileName: string;
  headerRowIndex: number;
  headers: string[];
  proposedMapping: BomFieldMappingEntry[];
  fieldMapping: BomFieldMappingEntry[] | null;
  suppliedPartString: string | null;
  /** The supplied-part text the file's values suggest ("beigestellt"), for a BOM not mapped yet. */
  proposedSuppliedPartString: string | null;
  lastUpdate: string;
}

/** The calls behind the panel's two buttons; each rejects with the server's error. */
export interface BomMappingActions {
  applyHeader(headerRowIndex: number): Promise<unknown>;
  applyingHeader: boolean;
  save(mapping: BomMapping): Promise<unknown>;
  saving: boolean;
}

interface BomMappingDrawerProps {
  bom: BomMappingSource;
  actions: BomMappingActions;
  opened: boolean;
  onClose(): void;
}

/**
 * SPEC §2/§5 side panel "Spalten zuordnen": the header row (whole number >= 1, "Kopfzeile übernehmen"), the
 * mapping list prefilled from the saved mapping or else the proposal, the supplied-part text, "Speichern".
 * Nothing reaches the server's mapping before the user presses "Speichern". Used by the enquiry's BOM panel
 * and the operator's BOM import page.
 */
export function BomMappingDrawer({ bom, actions, opened, onClose }: BomMappingDrawerProps) {
  const { t } = useTranslation('enquiry');
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={t('bom.drawerTitle')}
    >
      {/* A new header row or a saved mapping starts the form again from the server's state. */}
      <BomMappingForm
        key={`${bom.headerRowIndex}|${bom.headers.join('\u0001')}|${bom.lastUpdate}`}
        bom={bom}
        actions={actions}
        narrow={!!narrow}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Drawer>
  );
}

interface Problems {
  mapping?: string;
  suppliedPart?: string;
  rows: Record<number, string>;
}

interface BomMappingFormProps {
  bom: BomMappingSource;
  actions: BomMappingActions;
  /** Phone width: each column's name above its field instead of a two-column table. */
  narrow: boolean;
  onSaved(): void;
  onCancel(): void;
}

function BomMappingForm({ bom, actions, narrow, onSaved, onCancel }: BomMappingFormProps) {
  const { t } = useTranslation('enquiry');
  const [rowText, setRowText] = useState<string | number>(bom.headerRowIndex);
  const [rowProblem, setRowProblem] = useState<string | null>(null);
  const rowHintId = useId();
  const rowProblemId = useId();
  const [headerFailure, setHeaderFailure] = useState<string | null>(null);
  const [mapping, setMapping] = useState<BomFieldMappingEntry[]>(() => {
    const known = new Set(bom.headers.map(headerKey));
    return (bom.fieldMapping ?? bom.proposedMapping).filter((entry) =>
      known.has(headerKey(entry.importHeader)),
    );
  });
  // A saved mapping keeps its own text; a first mapping starts from the text the file's values suggest.
  const [suppliedPartString, setSuppliedPartString] = useState(
    (bom.fieldMapping
      ? bom.suppliedPartString
      : (bom.suppliedPartString ?? bom.proposedSuppliedPartString)) ?? '',
  );
  const [problems, setProblems] = useState<Problems>({ rows: {} });

  const fieldOf = (header: string) =>
    mapping.find((entry) => headerKey(entry.importHeader) === headerKey(header))?.bomField ?? null;
  const suppliedPartHeader = mapping.find((entry) => entry.bomField === 'isSuppliedPart')?.importHeader;
  const numberMapped = mapping.some(
    (entry) => entry.bomField === 'orderNumber' || entry.bomField === 'manufacturerNumber',
  );

  const handleFieldChange = (header: string, value: string | null) => {
    const others = mapping.filter((entry) => headerKey(entry.importHeader) !== headerKey(header));
    const field = value && value !== NOT_MAPPED ? (value as BomField) : null;
    // Keep the file's column order, so that the saved mapping reads like the list.
    const next = field ? [...others, { importHeader: header, bomField: field }] : others;
    const order = new Map(bom.headers.map((name, index) => [headerKey(name), index]));
    next.sort(
      (a, b) => (order.get(headerKey(a.importHeader)) ?? 0) - (order.get(headerKey(b.importHeader)) ?? 0),
    );
    setMapping(next);
    setProblems({ rows: {} });
  };

  const handleApplyHeader = () => {
    const parsed = headerRowIndex.safeParse(rowText === '' ? undefined : Number(rowText));
    if (!parsed.success) {
      setRowProblem(parsed.error.issues[0]?.message ?? BOM_MAPPING_WARNINGS.headerRowIndexWrong);
      return;
    }
    setRowProblem(null);
    setHeaderFailure(null);
    // mutateAsync, not mutate's callbacks: the new headers start this form again (its key), and the
    // callbacks of an unmounted caller are never called.
    actions
      .applyHeader(parsed.data)
      .then(() => notifySuccess(t('bom.headerApplied')))
      .catch((error: unknown) =>
        setHeaderFailure(
          error instanceof ApiError && error.status < 500 && error.message
            ? error.message
            : BOM_MAPPING_WARNINGS.headerIndexChangeFailed,
        ),
      );
  };

  const handleSave = () => {
    const parsed = bomMappingBody.safeParse({
      headerRowIndex: bom.headerRowIndex,
      fieldMapping: mapping,
      suppliedPartString: suppliedPartHeader ? suppliedPartString : null,
    });
    if (!parsed.success) {
      const found: Problems = { rows: {} };
      for (const issue of parsed.error.issues) {
        const [first, index] = issue.path;
        if (first === 'suppliedPartString') found.suppliedPart = issue.message;
        else if (first === 'fieldMapping' && typeof index === 'number') found.rows[index] = issue.message;
        else found.mapping = issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({ rows: {} });
    // As above: the saved mapping starts this form again before mutate's callbacks could run.
    actions
      .save(parsed.data)
      .then(() => {
        notifySuccess(t('bom.mappingSaved'));
        onSaved();
      })
      .catch((error: Error) => notifyError(error.message));
  };

  const fieldSelect = (header: string, withLabel: boolean) => {
    const current = fieldOf(header);
    const taken = new Set(mapping.map((entry) => entry.bomField).filter((field) => field !== current));
    return (
      <Select
        size="sm"
        label={withLabel ? header : undefined}
        aria-label={t('bom.fieldFor', { header })}
        value={current ?? NOT_MAPPED}
        allowDeselect={false}
        onChange={(value) => handleFieldChange(header, value)}
        error={rowProblemOf(header)}
        data={[
          { value: NOT_MAPPED, label: t('bom.notMapped') },
          ...BOM_FIELD_NAMES.filter((field) => !taken.has(field)).map((field) => ({
            value: field,
            label: BOM_FIELDS[field].label,
          })),
        ]}
      />
    );
  };

  const rowProblemOf = (header: string) => {
    const index = mapping.findIndex((entry) => headerKey(entry.importHeader) === headerKey(header));
    return index >= 0 ? problems.rows[index] : undefined;
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        {/* The button stays level with the field: the hint and the problem are outside the input's wrapper. */}
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('bom.headerRowIndex')}
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            // 0 stays 0 and is refused with the SPEC's message (clamping made it row 1 without a word).
            clampBehavior="none"
            value={rowText}
            onChange={setRowText}
            error={!!rowProblem}
            aria-describedby={rowProblem ? rowProblemId : rowHintId}
            w={{ base: '100%', xs: 200 }}
            data-testid="bom-header-row-index"
          />
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={actions.applyingHeader}
            onClick={handleApplyHeader}
          >
            {t('bom.applyHeader')}
          </Button>
        </Group>
        {rowProblem ? (
          <Text id={rowProblemId} size="xs" c="red">
            {rowProblem}
          </Text>
        ) : (
          <Text id={rowHintId} size="xs" c="dimmed">
            {t('bom.headerRowHint')}
          </Text>
        )}
      </Stack>
      {headerFailure && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="bom-header-failed"
        >
          {headerFailure}
        </Alert>
      )}
      <Alert color="blue" icon={<IconInfoCircle size={18} />} role="note" data-testid="bom-proposal-note">
        {bom.fieldMapping ? t('bom.savedNote') : t('bom.proposalNote')}
      </Alert>
      {bom.headers.length === 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="bom-no-headers">
          {BOM_MAPPING_WARNINGS.noHeadersFound}
        </Alert>
      ) : (
        <>
          {!numberMapped && (
            <Alert
              color={problems.mapping ? 'red' : 'yellow'}
              icon={<IconAlertTriangle size={18} />}
              role={problems.mapping ? 'alert' : 'note'}
              data-testid="bom-missing-mapping"
            >
              {BOM_MAPPING_WARNINGS.missingMapping}
            </Alert>
          )}
          {numberMapped && problems.mapping && (
            <Alert color="red" role="alert">
              {problems.mapping}
            </Alert>
          )}
          {narrow ? (
            // Phones: the column's name above its field, so that long labels are not cut.
            <Stack gap="xs" aria-label={t('bom.drawerTitle')}>
              {bom.headers.map((header) => (
                <div key={header} data-testid="bom-mapping-row">
                  {fieldSelect(header, true)}
                </div>
              ))}
            </Stack>
          ) : (
            <Table verticalSpacing={6} layout="fixed" aria-label={t('bom.drawerTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bom.column')}</Table.Th>
                  <Table.Th w="55%">{t('bom.field')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bom.headers.map((header) => (
                  <Table.Tr key={header} data-testid="bom-mapping-row">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{header}</Table.Td>
                    <Table.Td>{fieldSelect(header, false)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {suppliedPartHeader && (
            <TextInput
              label={t('bom.suppliedPartString')}
              description={t('bom.suppliedPartHint', { header: suppliedPartHeader })}
              placeholder={t('bom.suppliedPartPlaceholder')}
              required
              value={suppliedPartString}
              onChange={(event) => {
                setSuppliedPartString(event.currentTarget.value);
                setProblems((current) => ({ ...current, suppliedPart: undefined }));
              }}
              error={problems.suppliedPart}
            />
          )}
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('bom.headerRow', { row: bom.headerRowIndex })} · {bom.bomFileName}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('bom.cancel')}
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={actions.saving}
          disabled={bom.headers.length === 0}
          onClick={handleSave}
        >
          {t('bom.save')}
        </Button>
      </Group>
    </Stack>
  );
}
