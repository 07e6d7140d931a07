import type {
  CABINET_LABEL_LANGUAGE_MODES,
  CABLE_DUCT_ATTACHMENTS,
  CABLE_DUCT_MANUFACTURERS,
  COMPONENT_LABELS,
  DELIVERY_CONDITIONS,
  DEVICE_IDENTIFICATIONS,
  INDIVIDUAL_WIRE_IDENTIFICATIONS,
  LABELING_MATERIALS,
  LANGUAGES,
  MARKING_STRUCTURES,
  MOUNTING_PLATE_LABELS,
  PACKAGING_WRAPS,
  PACKAGINGS,
  REGULATIONS,
  SCREW_CONNECTION_MANUFACTURERS,
  SCREW_CONNECTIONS,
  SYSTEM_LOCATIONS,
  TERMINAL_MANUFACTURERS,
} from '../enums';
import type { TechnicalSpec, TechnicalSpecField } from '../schemas/technical-spec';

/**
 * German names of the technical options (SPEC §3) and of their values, shared by the web form, the change
 * history (the server records field names and raw values, the history shows these labels) and the offer's
 * comparison with the enquiry. Names as a control-cabinet builder says them.
 */

type Labels<T extends readonly string[]> = Record<T[number], string>;

const INDIVIDUAL = 'Individuell';

const MARKING_STRUCTURE: Labels<typeof MARKING_STRUCTURES> = {
  CLAMPING_POINT: 'Zielkennzeichnung Klemmstelle',
  CLAMPING_POINT_BMK: 'Zielkennzeichnung Klemmstelle mit BMK',
  SINGLE_WIRE_NUMBERING: 'Einzeladernummerierung',
  INDIVIDUAL,
};
const INDIVIDUAL_WIRE_IDENTIFICATION: Labels<typeof INDIVIDUAL_WIRE_IDENTIFICATIONS> = {
  NONE: 'Keine',
  CONNECTION_POINT: 'Anschlusspunkt',
  CONNECTION_POINT_BMK: 'Anschlusspunkt mit BMK',
  SINGLE_WIRE_NUMBERING: 'Einzeladernummerierung',
  INDIVIDUAL,
};
const LABELING_MATERIAL: Labels<typeof LABELING_MATERIALS> = {
  IMPRINT: 'Direktbedruckung der Ader',
  SLEEVE: 'Markierungshülse',
  INDIVIDUAL,
};
const DEVICE_IDENTIFICATION: Labels<typeof DEVICE_IDENTIFICATIONS> = {
  SINGLE: 'Einfach (am Bauteil)',
  DOUBLE: 'Zweifach (Bauteil und Montageplatte)',
  TRIPLE: 'Dreifach (Bauteil, Montageplatte und Kabelschild)',
};
const COMPONENT_LABEL: Labels<typeof COMPONENT_LABELS> = {
  YELLOW_TAPE: 'Gelbes Beschriftungsband',
  PLASTIC: 'Kunststoffschild',
  INDIVIDUAL,
};
const MOUNTING_PLATE_LABEL: Labels<typeof MOUNTING_PLATE_LABELS> = {
  YELLOW_TAPE: 'Gelbes Beschriftungsband',
  PLASTIC: 'Kunststoffschild',
  PLASTIC_RAIL: 'Kunststoff-Schildträgerschiene',
  INDIVIDUAL,
};
const CABLE_DUCT_ATTACHMENT: Labels<typeof CABLE_DUCT_ATTACHMENTS> = {
  RIVET: 'Genietet',
  SCREW: 'Geschraubt',
  INDIVIDUAL,
};
const DUCT_MANUFACTURER: Labels<typeof CABLE_DUCT_MANUFACTURERS> = {
  NONE: 'Keine Vorgabe',
  HAGER: 'Hager',
  LICATEC: 'Licatec',
  UNEX: 'Unex',
  INDIVIDUAL,
};
const TERMINAL_MANUFACTURER: Labels<typeof TERMINAL_MANUFACTURERS> = {
  NONE: 'Keine Vorgabe',
  WEIDMUELLER: 'Weidmüller',
  WAGO: 'WAGO',
  PHOENIX: 'Phoenix Contact',
  SEE_BILL_OF_MATERIALS: 'Laut Stückliste',
  INDIVIDUAL,
};
const REGULATION: Labels<typeof REGULATIONS> = {
  IEC: 'IEC (DIN EN 60204-1 / 61439)',
  UL: 'UL (UL 508A)',
  ATEX: 'ATEX',
  INDIVIDUAL,
};
const SYSTEM_LOCATION: Labels<typeof SYSTEM_LOCATIONS> = { EX_ZONE: 'Ex-Bereich' };
const LANGUAGE_MODE: Labels<typeof CABINET_LABEL_LANGUAGE_MODES> = {
  MONOLINGUAL: 'Einsprachig',
  BILINGUAL: 'Zweisprachig',
};
const LANGUAGE: Labels<typeof LANGUAGES> = {
  SYMBOLS: 'Symbole',
  GERMAN: 'Deutsch',
  ENGLISH: 'Englisch',
  SPANISH: 'Spanisch',
  PORTUGUESE: 'Portugiesisch',
  FRENCH: 'Französisch',
  POLISH: 'Polnisch',
  INDIVIDUAL: 'Andere Sprache',
};
const SCREW_CONNECTION: Labels<typeof SCREW_CONNECTIONS> = {
  STAINLESS_STEEL: 'Edelstahl',
  PLASTIC: 'Kunststoff',
  BRASS: 'Messing',
  ENTRY_PLATES: 'Kabeleinführungsplatten',
  INDIVIDUAL,
};
const SCREW_MANUFACTURER: Labels<typeof SCREW_CONNECTION_MANUFACTURERS> = {
  STANDARD: 'Standard',
  EMV: 'EMV-Verschraubung',
  ICOTEK: 'icotek',
  MURR_ELEKTRONIK: 'Murrelektronik',
  INDIVIDUAL,
};
const PACKAGING: Labels<typeof PACKAGINGS> = {
  NONE: 'Keine',
  WOODEN_BOX: 'Holzkiste',
  WOODEN_BOX_SEA_FOIL: 'Holzkiste mit Seefolie',
  EURO_BOX: 'Europalette',
  WOODEN_BOX_NATIONAL: 'Holzkiste (Inland)',
  ONE_WAY_PALLET: 'Einwegpalette',
  LOADING_BLOCKS: 'Ladehölzer',
  INDIVIDUAL,
};
const PACKAGING_WRAP: Labels<typeof PACKAGING_WRAPS> = {
  STRETCH_FOIL: 'Stretchfolie',
  INDIVIDUAL,
};

/** SPEC §3 deliveryCondition (Incoterms). */
export const DELIVERY_CONDITION_LABELS: Labels<typeof DELIVERY_CONDITIONS> = {
  EXW: 'Ab Werk (EXW)',
  DAP: 'Geliefert benannter Ort (DAP)',
};

/** The choice fields of the specification and the German label of each of their values. */
export const TECHNICAL_SPEC_VALUE_LABELS = {
  markingStructure: MARKING_STRUCTURE,
  individualWireIdentification: INDIVIDUAL_WIRE_IDENTIFICATION,
  labelingMaterial: LABELING_MATERIAL,
  deviceIdentification: DEVICE_IDENTIFICATION,
  componentLabel: COMPONENT_LABEL,
  mountingPlateLabel: MOUNTING_PLATE_LABEL,
  cableDuctAttachment: CABLE_DUCT_ATTACHMENT,
  cableDuctManufacturer: DUCT_MANUFACTURER,
  terminalManufacturer: TERMINAL_MANUFACTURER,
  wiringChannelManufacturer: DUCT_MANUFACTURER,
  regulation: REGULATION,
  systemLocation: SYSTEM_LOCATION,
  cabinetLabelLanguage: LANGUAGE_MODE,
  cabinetLabelLanguage1: LANGUAGE,
  cabinetLabelLanguage2: LANGUAGE,
  screwConnections: SCREW_CONNECTION,
  screwConnectionManufacturer1: SCREW_MANUFACTURER,
  screwConnectionManufacturer2: SCREW_MANUFACTURER,
  packaging: PACKAGING,
  packagingWrap: PACKAGING_WRAP,
} as const satisfies Partial<Record<TechnicalSpecField, Record<string, string>>>;

export type TechnicalSpecChoiceField = keyof typeof TECHNICAL_SPEC_VALUE_LABELS;

/** The yes/no options of the specification. */
export const TECHNICAL_SPEC_FLAG_FIELDS = [
  'wireTagLabel',
  'customerRegulation',
] as const satisfies readonly TechnicalSpecField[];

/** Every field of the specification with its German label. */
export const TECHNICAL_SPEC_FIELD_LABELS: Record<TechnicalSpecField, string> = {
  markingStructure: 'Aderkennzeichnung',
  markingStructureIndividual: 'Aderkennzeichnung (individuell)',
  individualWireIdentification: 'Kennzeichnung einzelner Adern',
  individualWireIdentificationIndividual: 'Kennzeichnung einzelner Adern (individuell)',
  labelingMaterial: 'Beschriftungsmaterial der Adern',
  labelingMaterialIndividual: 'Beschriftungsmaterial der Adern (individuell)',
  deviceIdentification: 'Betriebsmittelkennzeichnung',
  componentLabel: 'Beschriftung am Bauteil',
  componentLabelIndividual: 'Beschriftung am Bauteil (individuell)',
  mountingPlateLabel: 'Beschriftung auf der Montageplatte',
  mountingPlateLabelIndividual: 'Beschriftung auf der Montageplatte (individuell)',
  wireTagLabel: 'Kabelschild 29x12 mm',
  cableDuctAttachment: 'Befestigung der Kabelkanäle',
  cableDuctAttachmentIndividual: 'Befestigung der Kabelkanäle (individuell)',
  cableDuctManufacturer: 'Hersteller der Kabelkanäle',
  cableDuctManufacturerIndividual: 'Hersteller der Kabelkanäle (individuell)',
  terminalType: 'Klemmentyp',
  terminalManufacturer: 'Hersteller der Klemmen',
  terminalManufacturerIndividual: 'Hersteller der Klemmen (individuell)',
  wiringChannelType: 'Typ der Verdrahtungskanäle',
  wiringChannelManufacturer: 'Hersteller der Verdrahtungskanäle',
  wiringChannelManufacturerIndividual: 'Hersteller der Verdrahtungskanäle (individuell)',
  regulation: 'Vorschrift',
  regulationIndividual: 'Vorschrift (individuell)',
  customerRegulation: 'Kundenvorschrift',
  customerRegulationIndividual: 'Bezeichnung der Kundenvorschrift',
  systemLocation: 'Aufstellort der Anlage',
  cabinetLabelLanguage: 'Sprachen der Schaltschrankbeschriftung',
  cabinetLabelLanguage1: 'Erste Sprache',
  cabinetLabelLanguageIndividual1: 'Erste Sprache (individuell)',
  cabinetLabelLanguage2: 'Zweite Sprache',
  cabinetLabelLanguageIndividual2: 'Zweite Sprache (individuell)',
  screwConnections: 'Kabelverschraubungen',
  screwConnectionsIndividual: 'Kabelverschraubungen (individuell)',
  screwConnectionManufacturer1: 'Hersteller der Verschraubungen',
  screwConnectionManufacturerIndividual1: 'Hersteller der Verschraubungen (individuell)',
  screwConnectionManufacturer2: 'Zweiter Hersteller der Verschraubungen',
  screwConnectionManufacturerIndividual2: 'Zweiter Hersteller der Verschraubungen (individuell)',
  packaging: 'Verpackung',
  packagingIndividual: 'Verpackung (individuell)',
  packagingWrap: 'Umhüllung',
  packagingWrapIndividual: 'Umhüllung (individuell)',
};

/** The project fields of an enquiry (SPEC §3) with their German labels, for the form and the history. */
export const ENQUIRY_FIELD_LABELS = {
  title: 'Titel',
  referenceNumber: 'Referenznummer',
  deliveryCondition: 'Lieferbedingung',
  desiredDeliveryDate: 'Wunschliefertermin',
  amount: 'Stückzahl',
  price: 'Zielpreis',
  location: 'Lieferort',
  additionalInfo: 'Zusätzliche Informationen',
  released: 'Freigegeben',
  releaseDate: 'Freigabedatum',
  closed: 'Geschlossen',
  archived: 'Archiviert',
  recipients: 'Empfänger',
  files: 'Dateien',
  bom: 'Stückliste',
  bomHeaderRowIndex: 'Kopfzeile der Stückliste',
  bomMapping: 'Zuordnung der Stückliste',
  bomLine: 'Zeile der Stückliste',
  bomManufacturer: 'Hersteller in der Stückliste',
  // The offer's own fields (an offer's history uses the same labels).
  offerNumber: 'Angebotsnummer',
  offerPrice: 'Preis',
  additionalInfoSupplier: 'Zusatzinformationen des Lieferanten',
  state: 'Status',
  rejectionReason: 'Ablehnungsgrund',
  version: 'Version',
  article: 'Artikel',
} as const;

export function technicalSpecFieldLabel(field: TechnicalSpecField): string {
  return TECHNICAL_SPEC_FIELD_LABELS[field];
}

/**
 * The label of any recorded enquiry field: a project field, a technical option (also prefixed
 * 'technicalSpec.') or, unknown, the name as recorded.
 */
export function enquiryFieldLabel(field: string): string {
  const name = field.startsWith('technicalSpec.') ? field.slice('technicalSpec.'.length) : field;
  if (Object.hasOwn(ENQUIRY_FIELD_LABELS, name)) {
    return ENQUIRY_FIELD_LABELS[name as keyof typeof ENQUIRY_FIELD_LABELS];
  }
  if (Object.hasOwn(TECHNICAL_SPEC_FIELD_LABELS, name)) {
    return TECHNICAL_SPEC_FIELD_LABELS[name as TechnicalSpecField];
  }
  return field;
}

/**
 * A value of the specification as a person reads it: the German label of a choice, 'Ja'/'Nein' of a
 * flag, '–' for no value, a free text as it is. Also takes recorded values as text ('true', 'PLASTIC').
 */
export function technicalSpecValueLabel(
  field: TechnicalSpecField | string,
  value: TechnicalSpec[TechnicalSpecField] | string | undefined,
): string {
  if (value === null || value === undefined || value === '') return '–';
  const name = field.startsWith('technicalSpec.') ? field.slice('technicalSpec.'.length) : field;
  if ((TECHNICAL_SPEC_FLAG_FIELDS as readonly string[]).includes(name) || typeof value === 'boolean') {
    if (value === true || value === 'true') return 'Ja';
    if (value === false || value === 'false') return 'Nein';
  }
  if (name === 'deliveryCondition' && Object.hasOwn(DELIVERY_CONDITION_LABELS, String(value))) {
    return DELIVERY_CONDITION_LABELS[value as keyof typeof DELIVERY_CONDITION_LABELS];
  }
  if (Object.hasOwn(TECHNICAL_SPEC_VALUE_LABELS, name)) {
    const labels = TECHNICAL_SPEC_VALUE_LABELS[name as TechnicalSpecChoiceField] as Record<string, string>;
    if (Object.hasOwn(labels, String(value))) return labels[String(value)]!;
  }
  return String(value);
}

/** The options of a choice field as value/label pairs, in the order of the enumeration. */
export function technicalSpecOptions(field: TechnicalSpecChoiceField): { value: string; label: string }[] {
  return Object.entries(TECHNICAL_SPEC_VALUE_LABELS[field] as Record<string, string>).map(
    ([value, label]) => ({ value, label }),
  );
}
