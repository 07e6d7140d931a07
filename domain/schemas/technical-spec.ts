import { z } from 'zod';
import {
  CABINET_LABEL_LANGUAGE_MODES,
  CABLE_DUCT_ATTACHMENTS,
  CABLE_DUCT_MANUFACTURERS,
  COMPONENT_LABELS,
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
import { text } from './common';

/**
 * SPEC §3: the technical options of an enquiry, copied unchanged into every offer (ARCHITECTURE §3a: one
 * schema for both, offers never re-declare these fields). Every option has its SPEC default; where the
 * enumeration has INDIVIDUAL, the free text of that choice is the `…Individual` field next to it.
 *
 * This schema describes the stored shape and parses request bodies: missing fields take their default,
 * free texts are trimmed, '' becomes null. Which fields are required, disabled or hidden for the chosen
 * values (SPEC §2 option dependencies) is decided by `domain/rules/technical-spec.ts`, which also drops the
 * values of disabled or hidden fields before they are stored, so they are never kept as if chosen.
 */

/** A free text of an INDIVIDUAL choice (or a free option): trimmed, at most 500 characters, '' is null. */
const freeText = () =>
  text()
    .trim()
    .max(500, 'Höchstens 500 Zeichen.')
    .nullish()
    .transform((value) => (value ? value : null));

export const technicalSpecSchema = z.object({
  // Marking and labels
  markingStructure: z.enum(MARKING_STRUCTURES).default('CLAMPING_POINT'),
  markingStructureIndividual: freeText(),
  /** SPEC §3 reads it as a flag (false) and as an enumeration: NONE is the flag's false. */
  individualWireIdentification: z.enum(INDIVIDUAL_WIRE_IDENTIFICATIONS).default('NONE'),
  individualWireIdentificationIndividual: freeText(),
  labelingMaterial: z.enum(LABELING_MATERIALS).default('SLEEVE'),
  labelingMaterialIndividual: freeText(),
  deviceIdentification: z.enum(DEVICE_IDENTIFICATIONS).default('SINGLE'),
  componentLabel: z.enum(COMPONENT_LABELS).default('YELLOW_TAPE'),
  componentLabelIndividual: freeText(),
  /** Only for DOUBLE or TRIPLE device identification. */
  mountingPlateLabel: z.enum(MOUNTING_PLATE_LABELS).default('YELLOW_TAPE'),
  mountingPlateLabelIndividual: freeText(),
  /** Only for TRIPLE device identification; the label size is fixed at 29x12 mm. */
  wireTagLabel: z.boolean().default(true),

  // Wiring, terminals and ducts
  cableDuctAttachment: z.enum(CABLE_DUCT_ATTACHMENTS).default('RIVET'),
  cableDuctAttachmentIndividual: freeText(),
  cableDuctManufacturer: z.enum(CABLE_DUCT_MANUFACTURERS).default('NONE'),
  cableDuctManufacturerIndividual: freeText(),
  /** SPEC §3 names the terminal type without an enumeration: a free text ("Zugfeder", "Push-in", …). */
  terminalType: freeText(),
  terminalManufacturer: z.enum(TERMINAL_MANUFACTURERS).default('NONE'),
  terminalManufacturerIndividual: freeText(),
  /** SPEC §3 names the wiring channel type without an enumeration: a free text. */
  wiringChannelType: freeText(),
  wiringChannelManufacturer: z.enum(CABLE_DUCT_MANUFACTURERS).default('NONE'),
  wiringChannelManufacturerIndividual: freeText(),

  // Regulation
  regulation: z.enum(REGULATIONS).default('IEC'),
  regulationIndividual: freeText(),
  /** The customer's own regulation: its document is a LEGAL_DOCUMENT file of the enquiry. */
  customerRegulation: z.boolean().default(false),
  customerRegulationIndividual: freeText(),
  systemLocation: z.enum(SYSTEM_LOCATIONS).nullish().default(null),

  // Cabinet labels and languages
  cabinetLabelLanguage: z.enum(CABINET_LABEL_LANGUAGE_MODES).default('BILINGUAL'),
  cabinetLabelLanguage1: z.enum(LANGUAGES).default('GERMAN'),
  cabinetLabelLanguageIndividual1: freeText(),
  /** Only when BILINGUAL. */
  cabinetLabelLanguage2: z.enum(LANGUAGES).default('ENGLISH'),
  cabinetLabelLanguageIndividual2: freeText(),

  // Screw connections (manufacturers disabled for PLASTIC and INDIVIDUAL)
  screwConnections: z.enum(SCREW_CONNECTIONS).default('STAINLESS_STEEL'),
  screwConnectionsIndividual: freeText(),
  screwConnectionManufacturer1: z.enum(SCREW_CONNECTION_MANUFACTURERS).default('STANDARD'),
  screwConnectionManufacturerIndividual1: freeText(),
  screwConnectionManufacturer2: z.enum(SCREW_CONNECTION_MANUFACTURERS).default('STANDARD'),
  screwConnectionManufacturerIndividual2: freeText(),

  // Packaging (wrap disabled for NONE and WOODEN_BOX_SEA_FOIL)
  packaging: z.enum(PACKAGINGS).default('EURO_BOX'),
  packagingIndividual: freeText(),
  packagingWrap: z.enum(PACKAGING_WRAPS).default('STRETCH_FOIL'),
  packagingWrapIndividual: freeText(),
});

export type TechnicalSpec = z.infer<typeof technicalSpecSchema>;

/**
 * The same shape as a response schema. Responses are encoded, not parsed (fastify-type-provider-zod), and
 * an encode cannot run the one-way transform of the free texts; a response holds the stored value anyway,
 * so each free text is a plain string or null here. Same TypeScript type as `technicalSpecSchema`.
 */
export const technicalSpecResponse = z.object(
  Object.fromEntries(
    Object.entries(technicalSpecSchema.shape).map(([field, schema]) => [
      field,
      schema instanceof z.ZodPipe ? z.string().nullable() : schema,
    ]),
  ),
) as unknown as z.ZodType<TechnicalSpec>;
export type TechnicalSpecField = keyof TechnicalSpec;

/** The SPEC defaults of every option (a new enquiry starts with them). */
export function defaultTechnicalSpec(): TechnicalSpec {
  return technicalSpecSchema.parse({});
}

/** The field names in the order of the form (also the order of a diff). */
export const TECHNICAL_SPEC_FIELDS = Object.keys(technicalSpecSchema.shape) as TechnicalSpecField[];

/** The wire-tag label size of SPEC §3 (fixed, shown next to the option). */
export const WIRE_TAG_LABEL_SIZE = '29x12';
