import {
  defaultTechnicalSpec,
  TECHNICAL_SPEC_FIELDS,
  type TechnicalSpec,
  type TechnicalSpecField,
} from '../schemas/technical-spec';
import { technicalSpecFieldLabel } from './technical-spec-labels';

/**
 * SPEC §2 option dependencies of the technical specification (enquiries and offers), as pure functions of
 * the chosen values. Server and web use the same rules: the form shows, hides and disables fields with
 * `technicalSpecFieldStates`, the server stores `cleanTechnicalSpec` of every body (so a disabled or hidden
 * value is never kept as if chosen) and refuses a release while `technicalSpecProblems` is not empty.
 *
 * Decisions where SPEC §2 is silent:
 * - The free text of an INDIVIDUAL choice is shown only while that choice is INDIVIDUAL (and the choice
 *   itself is shown and enabled), and is then required; otherwise it is hidden and stored as null.
 * - `customerRegulationIndividual` names the customer's own regulation: shown while `customerRegulation`
 *   is set, but optional, since the regulation itself is uploaded as a file of type LEGAL_DOCUMENT.
 * - The free texts of the two screw-connection manufacturers follow their manufacturer, so they disappear
 *   with it for PLASTIC and INDIVIDUAL screw connections; the second language's free text follows it too.
 */

export interface FieldState {
  /** The field is shown at all. */
  visible: boolean;
  /** The field is shown and may be changed (a visible, disabled field keeps showing its default). */
  enabled: boolean;
  /** A value must be given before release (only free texts of INDIVIDUAL choices). */
  required: boolean;
}

export type TechnicalSpecFieldStates = Record<TechnicalSpecField, FieldState>;

/** Each free-text field of an INDIVIDUAL choice and the choice it belongs to. */
export const INDIVIDUAL_TEXT_OF = {
  markingStructureIndividual: 'markingStructure',
  individualWireIdentificationIndividual: 'individualWireIdentification',
  labelingMaterialIndividual: 'labelingMaterial',
  componentLabelIndividual: 'componentLabel',
  mountingPlateLabelIndividual: 'mountingPlateLabel',
  cableDuctAttachmentIndividual: 'cableDuctAttachment',
  cableDuctManufacturerIndividual: 'cableDuctManufacturer',
  terminalManufacturerIndividual: 'terminalManufacturer',
  wiringChannelManufacturerIndividual: 'wiringChannelManufacturer',
  regulationIndividual: 'regulation',
  cabinetLabelLanguageIndividual1: 'cabinetLabelLanguage1',
  cabinetLabelLanguageIndividual2: 'cabinetLabelLanguage2',
  screwConnectionsIndividual: 'screwConnections',
  screwConnectionManufacturerIndividual1: 'screwConnectionManufacturer1',
  screwConnectionManufacturerIndividual2: 'screwConnectionManufacturer2',
  packagingIndividual: 'packaging',
  packagingWrapIndividual: 'packagingWrap',
} as const satisfies Partial<Record<TechnicalSpecField, TechnicalSpecField>>;

export type IndividualTextField = keyof typeof INDIVIDUAL_TEXT_OF;

export function isIndividualTextField(field: string): field is IndividualTextField {
  return Object.hasOwn(INDIVIDUAL_TEXT_OF, field);
}

const SHOWN: FieldState = { visible: true, enabled: true, required: false };
const HIDDEN: FieldState = { visible: false, enabled: false, required: false };
const DISABLED: FieldState = { visible: true, enabled: false, required: false };

/** SPEC §2: screw-connection manufacturers cannot be chosen for plastic or individual screw connections. */
export function screwConnectionManufacturersEnabled(spec: Pick<TechnicalSpec, 'screwConnections'>): boolean {
  return spec.screwConnections !== 'PLASTIC' && spec.screwConnections !== 'INDIVIDUAL';
}

/** SPEC §2: no wrap for no packaging or for a wooden box with sea foil (the foil is the wrap). */
export function packagingWrapEnabled(spec: Pick<TechnicalSpec, 'packaging'>): boolean {
  return spec.packaging !== 'NONE' && spec.packaging !== 'WOODEN_BOX_SEA_FOIL';
}

/** SPEC §2: the second cabinet label language only for bilingual labels. */
export function secondLanguageVisible(spec: Pick<TechnicalSpec, 'cabinetLabelLanguage'>): boolean {
  return spec.cabinetLabelLanguage === 'BILINGUAL';
}

/** SPEC §2: the mounting-plate label only for double or triple device identification. */
export function mountingPlateLabelVisible(spec: Pick<TechnicalSpec, 'deviceIdentification'>): boolean {
  return spec.deviceIdentification === 'DOUBLE' || spec.deviceIdentification === 'TRIPLE';
}

/** SPEC §2: the wire-tag label only for triple device identification. */
export function wireTagLabelVisible(spec: Pick<TechnicalSpec, 'deviceIdentification'>): boolean {
  return spec.deviceIdentification === 'TRIPLE';
}

/** Visible, enabled and required of every field for the chosen values (SPEC §2). */
export function technicalSpecFieldStates(spec: TechnicalSpec): TechnicalSpecFieldStates {
  const states = Object.fromEntries(
    TECHNICAL_SPEC_FIELDS.map((field) => [field, SHOWN]),
  ) as TechnicalSpecFieldStates;

  if (!mountingPlateLabelVisible(spec)) states.mountingPlateLabel = HIDDEN;
  if (!wireTagLabelVisible(spec)) states.wireTagLabel = HIDDEN;
  if (!secondLanguageVisible(spec)) states.cabinetLabelLanguage2 = HIDDEN;
  if (!screwConnectionManufacturersEnabled(spec)) {
    states.screwConnectionManufacturer1 = DISABLED;
    states.screwConnectionManufacturer2 = DISABLED;
  }
  if (!packagingWrapEnabled(spec)) states.packagingWrap = DISABLED;
  states.customerRegulationIndividual = spec.customerRegulation ? SHOWN : HIDDEN;

  // Free texts last: they follow the state of their choice, decided above.
  for (const [textField, choiceField] of Object.entries(INDIVIDUAL_TEXT_OF) as [
    IndividualTextField,
    TechnicalSpecField,
  ][]) {
    const choice = states[choiceField];
    const active = choice.visible && choice.enabled && spec[choiceField] === 'INDIVIDUAL';
    states[textField] = active ? { visible: true, enabled: true, required: true } : HIDDEN;
  }
  return states;
}

/**
 * The specification as it is stored: every hidden or disabled field back to its SPEC default (free texts
 * to null), so nothing that does not apply is kept as if chosen. Idempotent.
 */
export function cleanTechnicalSpec(spec: TechnicalSpec): TechnicalSpec {
  const states = technicalSpecFieldStates(spec);
  const defaults = defaultTechnicalSpec();
  const clean = { ...spec } as Record<TechnicalSpecField, unknown>;
  for (const field of TECHNICAL_SPEC_FIELDS) {
    const state = states[field];
    if (!state.visible || !state.enabled) clean[field] = defaults[field];
  }
  return clean as TechnicalSpec;
}

export interface TechnicalSpecProblem {
  field: TechnicalSpecField;
  message: string;
}

/** Required fields without a value (the free texts of INDIVIDUAL choices), with a German message. */
export function technicalSpecProblems(spec: TechnicalSpec): TechnicalSpecProblem[] {
  const states = technicalSpecFieldStates(spec);
  const problems: TechnicalSpecProblem[] = [];
  for (const field of TECHNICAL_SPEC_FIELDS) {
    if (!states[field].required) continue;
    const value = spec[field];
    if (typeof value === 'string' ? value.trim() === '' : value === null || value === undefined) {
      const choice = isIndividualTextField(field) ? INDIVIDUAL_TEXT_OF[field] : field;
      problems.push({
        field,
        message: `${technicalSpecFieldLabel(choice)}: Bitte beschreiben Sie die individuelle Angabe.`,
      });
    }
  }
  return problems;
}

export interface MarkingPreviewPart {
  /** What the example shows, in German ('Aderkennzeichnung', 'Einzeladern'). */
  label: string;
  /** The example label as printed on the wire. */
  example: string;
}

/**
 * SPEC §2 marking preview: an example of the labels that the chosen marking structure gives a wire going
 * from the coil connection A1 of contactor -K1 to terminal 13 of terminal strip -X1; then, if chosen, the
 * example of the individual wire identification. Null (no preview) for an INDIVIDUAL structure and for
 * single-wire numbering, which SPEC §2 hides.
 */
export function markingPreviewParts(spec: TechnicalSpec): MarkingPreviewPart[] | null {
  let wire: string;
  switch (spec.markingStructure) {
    case 'CLAMPING_POINT':
      wire = '-X1:13';
      break;
    case 'CLAMPING_POINT_BMK':
      wire = '-K1:A1 / -X1:13';
      break;
    default:
      return null;
  }
  const parts: MarkingPreviewPart[] = [{ label: 'Aderkennzeichnung', example: wire }];
  const single = SINGLE_WIRE_EXAMPLES[spec.individualWireIdentification];
  if (single) parts.push({ label: 'Einzeladern', example: single });
  return parts;
}

const SINGLE_WIRE_EXAMPLES: Record<TechnicalSpec['individualWireIdentification'], string | null> = {
  NONE: null,
  CONNECTION_POINT: 'A1',
  CONNECTION_POINT_BMK: '-K1:A1',
  SINGLE_WIRE_NUMBERING: '1001',
  INDIVIDUAL: null,
};

/** The marking preview as one line, e.g. 'Aderkennzeichnung: -X1:13 · Einzeladern: 1001'; null when hidden. */
export function markingPreview(spec: TechnicalSpec): string | null {
  const parts = markingPreviewParts(spec);
  return parts ? parts.map((part) => `${part.label}: ${part.example}`).join(' · ') : null;
}

export interface TechnicalSpecChange {
  field: TechnicalSpecField;
  before: TechnicalSpec[TechnicalSpecField];
  after: TechnicalSpec[TechnicalSpecField];
}

/**
 * The fields in which `after` differs from `before`, in form order (an offer shows what the supplier
 * changed against the enquiry). Both are compared as stored (`cleanTechnicalSpec`), so a value that does
 * not apply on either side is no change.
 */
export function diffTechnicalSpec(before: TechnicalSpec, after: TechnicalSpec): TechnicalSpecChange[] {
  const a = cleanTechnicalSpec(before);
  const b = cleanTechnicalSpec(after);
  const changes: TechnicalSpecChange[] = [];
  for (const field of TECHNICAL_SPEC_FIELDS) {
    if ((a[field] ?? null) !== (b[field] ?? null)) {
      changes.push({ field, before: a[field], after: b[field] });
    }
  }
  return changes;
}
