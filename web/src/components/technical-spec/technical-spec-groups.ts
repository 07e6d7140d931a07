import type { TechnicalSpecChoiceField } from '@portal/domain/rules/technical-spec-labels';

/** One entry of a group: a choice (with its free text when INDIVIDUAL), a free text, a flag or the preview. */
export type TechnicalSpecItem =
  | { kind: 'choice'; field: TechnicalSpecChoiceField; clearable?: boolean }
  | { kind: 'text'; field: 'terminalType' | 'wiringChannelType' | 'customerRegulationIndividual' }
  | { kind: 'flag'; field: 'wireTagLabel' | 'customerRegulation' }
  | { kind: 'preview' };

export interface TechnicalSpecGroup {
  /** Key of the group's title in the enquiry namespace (`groups.<id>`). */
  id: 'marking' | 'wiring' | 'regulation' | 'languages' | 'screws' | 'packaging';
  items: TechnicalSpecItem[];
}

/**
 * The technical options grouped as a control-cabinet builder goes through them: marking and labels,
 * wiring/terminals/ducts, regulation, cabinet labels and languages, screw connections, packaging. The order
 * within a group follows the schema (also the order of a diff).
 */
export const TECHNICAL_SPEC_GROUPS: TechnicalSpecGroup[] = [
  {
    id: 'marking',
    items: [
      { kind: 'choice', field: 'markingStructure' },
      { kind: 'preview' },
      { kind: 'choice', field: 'individualWireIdentification' },
      { kind: 'choice', field: 'labelingMaterial' },
      { kind: 'choice', field: 'deviceIdentification' },
      { kind: 'choice', field: 'componentLabel' },
      { kind: 'choice', field: 'mountingPlateLabel' },
      { kind: 'flag', field: 'wireTagLabel' },
    ],
  },
  {
    id: 'wiring',
    items: [
      { kind: 'choice', field: 'cableDuctAttachment' },
      { kind: 'choice', field: 'cableDuctManufacturer' },
      { kind: 'text', field: 'terminalType' },
      { kind: 'choice', field: 'terminalManufacturer' },
      { kind: 'text', field: 'wiringChannelType' },
      { kind: 'choice', field: 'wiringChannelManufacturer' },
    ],
  },
  {
    id: 'regulation',
    items: [
      { kind: 'choice', field: 'regulation' },
      { kind: 'choice', field: 'systemLocation', clearable: true },
      { kind: 'flag', field: 'customerRegulation' },
      { kind: 'text', field: 'customerRegulationIndividual' },
    ],
  },
  {
    id: 'languages',
    items: [
      { kind: 'choice', field: 'cabinetLabelLanguage' },
      { kind: 'choice', field: 'cabinetLabelLanguage1' },
      { kind: 'choice', field: 'cabinetLabelLanguage2' },
    ],
  },
  {
    id: 'screws',
    items: [
      { kind: 'choice', field: 'screwConnections' },
      { kind: 'choice', field: 'screwConnectionManufacturer1' },
      { kind: 'choice', field: 'screwConnectionManufacturer2' },
    ],
  },
  {
    id: 'packaging',
    items: [
      { kind: 'choice', field: 'packaging' },
      { kind: 'choice', field: 'packagingWrap' },
    ],
  },
];
