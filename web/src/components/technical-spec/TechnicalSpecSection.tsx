import { Code, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  INDIVIDUAL_TEXT_OF,
  type IndividualTextField,
  markingPreviewParts,
  type TechnicalSpecFieldStates,
  technicalSpecFieldStates,
} from '@portal/domain/rules/technical-spec';
import {
  TECHNICAL_SPEC_FIELD_LABELS,
  type TechnicalSpecChoiceField,
  technicalSpecOptions,
} from '@portal/domain/rules/technical-spec-labels';
import type { TechnicalSpec, TechnicalSpecField } from '@portal/domain/schemas/technical-spec';
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { readOnlyInput, readOnlySelect, SelectField, SwitchField, TextField } from '../form';
import { TECHNICAL_SPEC_GROUPS, type TechnicalSpecItem } from './technical-spec-groups';

/** What the section edits of a form: the technical options under `technicalSpec` (enquiry and offer forms). */
export interface TechnicalSpecFormValues {
  technicalSpec: TechnicalSpec;
}

type TechnicalSpecFormControl = Control<TechnicalSpecFormValues>;

/** The free-text field of each choice that has one. */
const TEXT_OF_CHOICE = Object.fromEntries(
  Object.entries(INDIVIDUAL_TEXT_OF).map(([text, choice]) => [choice, text]),
) as Partial<Record<TechnicalSpecField, IndividualTextField>>;

/** The form path of a technical option (react-hook-form's typed paths do not follow a variable key). */
const path = (field: TechnicalSpecField) => `technicalSpec.${field}` as 'technicalSpec.terminalType';

/** SPEC §2 marking preview: the example labels for the chosen marking structure, live. */
export function MarkingPreview({ spec }: { spec: TechnicalSpec }) {
  const { t } = useTranslation('enquiry');
  const parts = markingPreviewParts(spec);
  if (!parts) return null;
  return (
    <Paper bg="gray.0" p="sm" radius="sm" data-testid="marking-preview" aria-label={t('preview.title')}>
      <Text size="sm" fw={600}>
        {t('preview.title')}
      </Text>
      <Stack gap={4} mt={4}>
        {parts.map((part) => (
          <Group key={part.label} gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" miw={130}>
              {part.label}
            </Text>
            <Code fz="md">{part.example}</Code>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt={4}>
        {t('preview.description')}
      </Text>
    </Paper>
  );
}

function disabledHint(
  field: TechnicalSpecField,
  t: (key: 'hints.screwManufacturerDisabled' | 'hints.packagingWrapDisabled') => string,
) {
  if (field === 'screwConnectionManufacturer1' || field === 'screwConnectionManufacturer2') {
    return t('hints.screwManufacturerDisabled');
  }
  if (field === 'packagingWrap') return t('hints.packagingWrapDisabled');
  return undefined;
}

interface ItemProps {
  item: TechnicalSpecItem;
  control: TechnicalSpecFormControl;
  spec: TechnicalSpec;
  states: TechnicalSpecFieldStates;
  readOnly: boolean;
  fieldNote?: TechnicalSpecFieldNote;
}

/**
 * Shown under a field, e.g. an offer's "original value from the enquiry" and its difference marker;
 * gets the live values of the form.
 */
export type TechnicalSpecFieldNote = (field: TechnicalSpecField, spec: TechnicalSpec) => ReactNode;

/** One entry of a group with what depends on it: the free text of INDIVIDUAL right after its choice. */
function TechnicalSpecEntry({ item, control, spec, states, readOnly, fieldNote }: ItemProps): ReactNode {
  const { t } = useTranslation('enquiry');
  const { t: tc } = useTranslation();
  const column = (key: string, node: ReactNode) => (
    <Grid.Col key={key} span={{ base: 12, md: 6 }}>
      {node}
      {fieldNote && key !== 'preview' && fieldNote(key as TechnicalSpecField, spec)}
    </Grid.Col>
  );
  if (item.kind === 'preview') {
    const preview = markingPreviewParts(spec);
    return preview ? column('preview', <MarkingPreview spec={spec} />) : null;
  }
  const state = states[item.field];
  if (!state.visible) return null;
  const label = TECHNICAL_SPEC_FIELD_LABELS[item.field];

  if (item.kind === 'flag') {
    // Read-only, a greyed switch does not say on or off: the answer is written out.
    if (readOnly) {
      return column(
        item.field,
        <TextInput label={label} value={spec[item.field] ? tc('yes') : tc('no')} {...readOnlyInput(true)} />,
      );
    }
    return column(
      item.field,
      <SwitchField
        control={control}
        name={path(item.field)}
        label={label}
        disabled={!state.enabled}
        mt={{ base: 0, md: 'xl' }}
        description={
          item.field === 'wireTagLabel'
            ? t('hints.wireTagLabel')
            : spec.customerRegulation
              ? t('hints.customerRegulation')
              : undefined
        }
      />,
    );
  }
  if (item.kind === 'text') {
    return column(
      item.field,
      <TextField
        control={control}
        name={path(item.field)}
        label={label}
        maxLength={500}
        {...readOnlyInput(readOnly)}
      />,
    );
  }

  const textField = TEXT_OF_CHOICE[item.field];
  const nodes = [
    column(
      item.field,
      <SelectField
        control={control}
        name={path(item.field)}
        label={label}
        data={technicalSpecOptions(item.field as TechnicalSpecChoiceField)}
        allowDeselect={!!item.clearable}
        clearable={!!item.clearable && !readOnly}
        placeholder={item.clearable ? t('form.systemLocationPlaceholder') : undefined}
        disabled={!state.enabled}
        description={state.enabled ? undefined : disabledHint(item.field, t)}
        {...readOnlySelect(readOnly)}
      />,
    ),
  ];
  if (textField && states[textField].visible) {
    nodes.push(
      column(
        textField,
        <TextField
          control={control}
          name={path(textField)}
          label={TECHNICAL_SPEC_FIELD_LABELS[textField]}
          required={states[textField].required && !readOnly}
          placeholder={t('hints.individual')}
          maxLength={500}
          {...readOnlyInput(readOnly)}
        />,
      ),
    );
  }
  return nodes;
}

/**
 * The technical options of an enquiry or an offer (one schema for both, ARCHITECTURE §3a) in the groups a
 * cabinet builder thinks in, with the SPEC §2 dependencies live: fields appear, disappear or are disabled as
 * the chosen values demand. Its texts are in the enquiry namespace, where the form is first filled in.
 */
export function TechnicalSpecSection<Values extends TechnicalSpecFormValues, Output>({
  control: formControl,
  readOnly,
  fieldNote,
  notice,
  hint,
}: {
  control: Control<Values, unknown, Output>;
  readOnly: boolean;
  /** Something to show under each field (the offer shows the enquiry's value there). */
  fieldNote?: TechnicalSpecFieldNote;
  /** Shown under the heading, e.g. the offer's "Änderungen erkannt". */
  notice?: ReactNode;
  /** Replaces the customer's hint under the heading while editable (the supplier's offer has its own). */
  hint?: ReactNode;
}) {
  const { t } = useTranslation('enquiry');
  // The section reads and writes only `technicalSpec.*`, which every such form has.
  const control = formControl as unknown as TechnicalSpecFormControl;
  const spec = useWatch({ control, name: 'technicalSpec' }) as TechnicalSpec;
  const states = technicalSpecFieldStates(spec);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('form.technical')}
        </Title>
        {!readOnly && (
          <Text size="sm" c="dimmed">
            {hint ?? t('form.technicalHint')}
          </Text>
        )}
        {notice}
      </div>
      {TECHNICAL_SPEC_GROUPS.map((group) => (
        <Paper
          key={group.id}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={t(`groups.${group.id}`)}
        >
          <Title order={3} size="h4" mb="sm">
            {t(`groups.${group.id}`)}
          </Title>
          <Grid>
            {group.items.map((item) => (
              <TechnicalSpecEntry
                key={item.kind === 'preview' ? 'preview' : item.field}
                item={item}
                control={control}
                spec={spec}
                states={states}
                readOnly={readOnly}
                fieldNote={fieldNote}
              />
            ))}
          </Grid>
        </Paper>
      ))}
    </Stack>
  );
}
