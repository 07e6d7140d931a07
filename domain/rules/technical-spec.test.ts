import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CABINET_LABEL_LANGUAGE_MODES,
  DEVICE_IDENTIFICATIONS,
  INDIVIDUAL_WIRE_IDENTIFICATIONS,
  MARKING_STRUCTURES,
  PACKAGINGS,
  SCREW_CONNECTIONS,
} from '../enums';
import {
  defaultTechnicalSpec,
  TECHNICAL_SPEC_FIELDS,
  type TechnicalSpec,
  technicalSpecSchema,
} from '../schemas/technical-spec';
import {
  cleanTechnicalSpec,
  diffTechnicalSpec,
  INDIVIDUAL_TEXT_OF,
  type IndividualTextField,
  markingPreview,
  markingPreviewParts,
  technicalSpecFieldStates,
  technicalSpecProblems,
} from './technical-spec';
import {
  ENQUIRY_FIELD_LABELS,
  enquiryFieldLabel,
  TECHNICAL_SPEC_FIELD_LABELS,
  TECHNICAL_SPEC_VALUE_LABELS,
  technicalSpecOptions,
  technicalSpecValueLabel,
} from './technical-spec-labels';

const spec = (values: Partial<TechnicalSpec> = {}): TechnicalSpec => ({
  ...defaultTechnicalSpec(),
  ...values,
});

describe('technicalSpecFieldStates', () => {
  it('with the SPEC defaults shows every field except the dependent ones, no free text, nothing required', () => {
    const states = technicalSpecFieldStates(spec());
    const hidden = TECHNICAL_SPEC_FIELDS.filter((field) => !states[field].visible).sort();
    expect(hidden).toEqual(
      [
        ...Object.keys(INDIVIDUAL_TEXT_OF),
        'customerRegulationIndividual',
        'mountingPlateLabel',
        'wireTagLabel',
      ].sort(),
    );
    expect(TECHNICAL_SPEC_FIELDS.filter((field) => states[field].required)).toEqual([]);
    // The defaults are bilingual, stainless steel and euro box: second language and wrap are there.
    expect(states.cabinetLabelLanguage2).toEqual({ visible: true, enabled: true, required: false });
    expect(states.packagingWrap.enabled).toBe(true);
    expect(states.screwConnectionManufacturer1.enabled).toBe(true);
  });

  describe('free text required exactly when INDIVIDUAL', () => {
    for (const [textField, choiceField] of Object.entries(INDIVIDUAL_TEXT_OF) as [
      IndividualTextField,
      string,
    ][]) {
      it(`${textField} follows ${choiceField}`, () => {
        // Make the choice itself applicable (a visible, enabled field) first.
        const base = spec({ deviceIdentification: 'TRIPLE', cabinetLabelLanguage: 'BILINGUAL' });
        const individual = technicalSpecFieldStates({ ...base, [choiceField]: 'INDIVIDUAL' });
        expect(individual[textField]).toEqual({ visible: true, enabled: true, required: true });
        const options = Object.keys(
          TECHNICAL_SPEC_VALUE_LABELS[choiceField as keyof typeof TECHNICAL_SPEC_VALUE_LABELS],
        ).filter((value) => value !== 'INDIVIDUAL');
        expect(options.length).toBeGreaterThan(0);
        for (const value of options) {
          const other = technicalSpecFieldStates({ ...base, [choiceField]: value });
          expect(other[textField], value).toEqual({ visible: false, enabled: false, required: false });
        }
      });
    }
  });

  it('screw-connection manufacturers are disabled for PLASTIC and INDIVIDUAL only', () => {
    for (const screwConnections of SCREW_CONNECTIONS) {
      const states = technicalSpecFieldStates(spec({ screwConnections }));
      const enabled = screwConnections !== 'PLASTIC' && screwConnections !== 'INDIVIDUAL';
      for (const field of ['screwConnectionManufacturer1', 'screwConnectionManufacturer2'] as const) {
        expect(states[field], `${screwConnections} ${field}`).toEqual({
          visible: true,
          enabled,
          required: false,
        });
      }
    }
  });

  it('the free text of an INDIVIDUAL screw-connection manufacturer disappears with the disabled manufacturer', () => {
    const individual = spec({
      screwConnectionManufacturer1: 'INDIVIDUAL',
      screwConnectionManufacturer2: 'INDIVIDUAL',
    });
    expect(technicalSpecFieldStates(individual).screwConnectionManufacturerIndividual1.visible).toBe(true);
    const plastic = technicalSpecFieldStates({ ...individual, screwConnections: 'PLASTIC' });
    expect(plastic.screwConnectionManufacturerIndividual1.visible).toBe(false);
    expect(plastic.screwConnectionManufacturerIndividual2.required).toBe(false);
  });

  it('the packaging wrap is disabled for NONE and WOODEN_BOX_SEA_FOIL only', () => {
    for (const packaging of PACKAGINGS) {
      const states = technicalSpecFieldStates(spec({ packaging, packagingWrap: 'INDIVIDUAL' }));
      const enabled = packaging !== 'NONE' && packaging !== 'WOODEN_BOX_SEA_FOIL';
      expect(states.packagingWrap, packaging).toEqual({ visible: true, enabled, required: false });
      expect(states.packagingWrapIndividual.visible, packaging).toBe(enabled);
    }
  });

  it('the second language only when BILINGUAL', () => {
    for (const cabinetLabelLanguage of CABINET_LABEL_LANGUAGE_MODES) {
      const states = technicalSpecFieldStates(
        spec({ cabinetLabelLanguage, cabinetLabelLanguage2: 'INDIVIDUAL' }),
      );
      const shown = cabinetLabelLanguage === 'BILINGUAL';
      expect(states.cabinetLabelLanguage2.visible, cabinetLabelLanguage).toBe(shown);
      expect(states.cabinetLabelLanguageIndividual2.visible, cabinetLabelLanguage).toBe(shown);
      expect(states.cabinetLabelLanguage1.visible).toBe(true);
    }
  });

  it('the mounting-plate label for DOUBLE and TRIPLE, the wire-tag label for TRIPLE only', () => {
    const expected = { SINGLE: [false, false], DOUBLE: [true, false], TRIPLE: [true, true] } as const;
    for (const deviceIdentification of DEVICE_IDENTIFICATIONS) {
      const states = technicalSpecFieldStates(
        spec({ deviceIdentification, mountingPlateLabel: 'INDIVIDUAL' }),
      );
      const [plate, tag] = expected[deviceIdentification];
      expect(states.mountingPlateLabel.visible, deviceIdentification).toBe(plate);
      expect(states.mountingPlateLabelIndividual.visible, deviceIdentification).toBe(plate);
      expect(states.wireTagLabel.visible, deviceIdentification).toBe(tag);
      expect(states.componentLabel.visible).toBe(true);
    }
  });

  it('the name of a customer regulation is shown while customerRegulation is set, and optional', () => {
    expect(technicalSpecFieldStates(spec({ customerRegulation: true })).customerRegulationIndividual).toEqual(
      {
        visible: true,
        enabled: true,
        required: false,
      },
    );
    expect(
      technicalSpecFieldStates(spec({ customerRegulation: false })).customerRegulationIndividual.visible,
    ).toBe(false);
  });
});

describe('cleanTechnicalSpec', () => {
  it('keeps what applies', () => {
    const chosen = spec({
      markingStructure: 'INDIVIDUAL',
      markingStructureIndividual: 'Nach Werksnorm 4711',
      deviceIdentification: 'TRIPLE',
      mountingPlateLabel: 'PLASTIC',
      wireTagLabel: false,
      customerRegulation: true,
      customerRegulationIndividual: 'Werksnorm 12',
      screwConnectionManufacturer1: 'ICOTEK',
      terminalType: 'Push-in',
    });
    expect(cleanTechnicalSpec(chosen)).toEqual(chosen);
  });

  it('resets hidden and disabled values to their defaults and drops free texts of other choices', () => {
    const chosen = spec({
      markingStructure: 'CLAMPING_POINT_BMK',
      markingStructureIndividual: 'übrig geblieben',
      deviceIdentification: 'SINGLE',
      mountingPlateLabel: 'PLASTIC_RAIL',
      wireTagLabel: false,
      cabinetLabelLanguage: 'MONOLINGUAL',
      cabinetLabelLanguage2: 'INDIVIDUAL',
      cabinetLabelLanguageIndividual2: 'Tschechisch',
      screwConnections: 'PLASTIC',
      screwConnectionManufacturer1: 'INDIVIDUAL',
      screwConnectionManufacturerIndividual1: 'Lapp',
      screwConnectionManufacturer2: 'EMV',
      packaging: 'WOODEN_BOX_SEA_FOIL',
      packagingWrap: 'INDIVIDUAL',
      packagingWrapIndividual: 'Luftpolster',
      customerRegulation: false,
      customerRegulationIndividual: 'Werksnorm',
    });
    const clean = cleanTechnicalSpec(chosen);
    const defaults = defaultTechnicalSpec();
    expect(clean).toEqual({
      ...chosen,
      markingStructureIndividual: null,
      mountingPlateLabel: defaults.mountingPlateLabel,
      wireTagLabel: defaults.wireTagLabel,
      cabinetLabelLanguage2: defaults.cabinetLabelLanguage2,
      cabinetLabelLanguageIndividual2: null,
      screwConnectionManufacturer1: defaults.screwConnectionManufacturer1,
      screwConnectionManufacturerIndividual1: null,
      screwConnectionManufacturer2: defaults.screwConnectionManufacturer2,
      packagingWrap: defaults.packagingWrap,
      packagingWrapIndividual: null,
      customerRegulationIndividual: null,
    });
  });

  const freeText = fc.constantFrom('Lapp', 'NFPA 79', 'Werksnorm 12');
  const anySpec = fc
    .record({
      markingStructure: fc.constantFrom(...MARKING_STRUCTURES),
      markingStructureIndividual: fc.option(freeText, { nil: null }),
      individualWireIdentification: fc.constantFrom(...INDIVIDUAL_WIRE_IDENTIFICATIONS),
      deviceIdentification: fc.constantFrom(...DEVICE_IDENTIFICATIONS),
      mountingPlateLabel: fc.constantFrom('YELLOW_TAPE', 'PLASTIC', 'PLASTIC_RAIL', 'INDIVIDUAL'),
      mountingPlateLabelIndividual: fc.option(freeText, { nil: null }),
      wireTagLabel: fc.boolean(),
      customerRegulation: fc.boolean(),
      customerRegulationIndividual: fc.option(freeText, { nil: null }),
      cabinetLabelLanguage: fc.constantFrom(...CABINET_LABEL_LANGUAGE_MODES),
      cabinetLabelLanguage2: fc.constantFrom('ENGLISH', 'INDIVIDUAL'),
      cabinetLabelLanguageIndividual2: fc.option(freeText, { nil: null }),
      screwConnections: fc.constantFrom(...SCREW_CONNECTIONS),
      screwConnectionManufacturer1: fc.constantFrom('STANDARD', 'ICOTEK', 'INDIVIDUAL'),
      screwConnectionManufacturerIndividual1: fc.option(freeText, { nil: null }),
      packaging: fc.constantFrom(...PACKAGINGS),
      packagingWrap: fc.constantFrom('STRETCH_FOIL', 'INDIVIDUAL'),
      packagingWrapIndividual: fc.option(freeText, { nil: null }),
    })
    .map((values) => spec(values as Partial<TechnicalSpec>));

  it('is idempotent, keeps the field states, and leaves no value in a field that does not apply', () => {
    fc.assert(
      fc.property(anySpec, (chosen) => {
        const clean = cleanTechnicalSpec(chosen);
        expect(cleanTechnicalSpec(clean)).toEqual(clean);
        expect(technicalSpecFieldStates(clean)).toEqual(technicalSpecFieldStates(chosen));
        const states = technicalSpecFieldStates(clean);
        const defaults = defaultTechnicalSpec();
        for (const field of TECHNICAL_SPEC_FIELDS) {
          if (!states[field].visible || !states[field].enabled) expect(clean[field]).toEqual(defaults[field]);
        }
        // The stored shape stays valid.
        expect(technicalSpecSchema.parse(clean)).toEqual(clean);
      }),
    );
  });
});

describe('technicalSpecProblems', () => {
  it('has none with the defaults', () => {
    expect(technicalSpecProblems(spec())).toEqual([]);
  });

  it('names every INDIVIDUAL choice without its free text, in German, and accepts a given text', () => {
    const problems = technicalSpecProblems(
      spec({ regulation: 'INDIVIDUAL', packaging: 'INDIVIDUAL', packagingIndividual: '   ' }),
    );
    expect(problems).toEqual([
      {
        field: 'regulationIndividual',
        message: 'Vorschrift: Bitte beschreiben Sie die individuelle Angabe.',
      },
      { field: 'packagingIndividual', message: 'Verpackung: Bitte beschreiben Sie die individuelle Angabe.' },
    ]);
    expect(
      technicalSpecProblems(spec({ regulation: 'INDIVIDUAL', regulationIndividual: 'NFPA 79' })),
    ).toEqual([]);
  });

  it('does not ask for the free text of a field that does not apply', () => {
    expect(
      technicalSpecProblems(
        spec({ screwConnections: 'PLASTIC', screwConnectionManufacturer1: 'INDIVIDUAL' }),
      ),
    ).toEqual([]);
    expect(
      technicalSpecProblems(spec({ deviceIdentification: 'SINGLE', mountingPlateLabel: 'INDIVIDUAL' })),
    ).toEqual([]);
  });
});

describe('markingPreview', () => {
  it('shows the example labels of each structure, none for INDIVIDUAL and single-wire numbering', () => {
    expect(markingPreview(spec({ markingStructure: 'CLAMPING_POINT' }))).toBe('Aderkennzeichnung: -X1:13');
    expect(markingPreview(spec({ markingStructure: 'CLAMPING_POINT_BMK' }))).toBe(
      'Aderkennzeichnung: -K1:A1 / -X1:13',
    );
    expect(markingPreview(spec({ markingStructure: 'SINGLE_WIRE_NUMBERING' }))).toBeNull();
    expect(
      markingPreview(spec({ markingStructure: 'INDIVIDUAL', markingStructureIndividual: 'x' })),
    ).toBeNull();
  });

  it('adds the example of the individual wire identification when one is chosen', () => {
    const examples = Object.fromEntries(
      INDIVIDUAL_WIRE_IDENTIFICATIONS.map((individualWireIdentification) => [
        individualWireIdentification,
        markingPreviewParts(spec({ markingStructure: 'CLAMPING_POINT', individualWireIdentification })),
      ]),
    );
    const wire = { label: 'Aderkennzeichnung', example: '-X1:13' };
    expect(examples).toEqual({
      NONE: [wire],
      CONNECTION_POINT: [wire, { label: 'Einzeladern', example: 'A1' }],
      CONNECTION_POINT_BMK: [wire, { label: 'Einzeladern', example: '-K1:A1' }],
      SINGLE_WIRE_NUMBERING: [wire, { label: 'Einzeladern', example: '1001' }],
      INDIVIDUAL: [wire],
    });
    expect(
      markingPreview(
        spec({
          markingStructure: 'CLAMPING_POINT_BMK',
          individualWireIdentification: 'SINGLE_WIRE_NUMBERING',
        }),
      ),
    ).toBe('Aderkennzeichnung: -K1:A1 / -X1:13 · Einzeladern: 1001');
    expect(
      markingPreview(
        spec({ markingStructure: 'SINGLE_WIRE_NUMBERING', individualWireIdentification: 'CONNECTION_POINT' }),
      ),
    ).toBeNull();
  });
});

describe('diffTechnicalSpec', () => {
  it('is empty for equal specifications', () => {
    expect(diffTechnicalSpec(spec(), spec())).toEqual([]);
  });

  it('lists the changed fields in form order with their values', () => {
    const before = spec();
    const after = spec({
      packaging: 'WOODEN_BOX',
      markingStructure: 'CLAMPING_POINT_BMK',
      regulation: 'INDIVIDUAL',
      regulationIndividual: 'NFPA 79',
    });
    expect(diffTechnicalSpec(before, after)).toEqual([
      { field: 'markingStructure', before: 'CLAMPING_POINT', after: 'CLAMPING_POINT_BMK' },
      { field: 'regulation', before: 'IEC', after: 'INDIVIDUAL' },
      { field: 'regulationIndividual', before: null, after: 'NFPA 79' },
      { field: 'packaging', before: 'EURO_BOX', after: 'WOODEN_BOX' },
    ]);
  });

  it('does not count values that do not apply on either side', () => {
    const before = spec({ deviceIdentification: 'SINGLE', mountingPlateLabel: 'YELLOW_TAPE' });
    const after = spec({
      deviceIdentification: 'SINGLE',
      mountingPlateLabel: 'PLASTIC',
      regulationIndividual: 'x',
    });
    expect(diffTechnicalSpec(before, after)).toEqual([]);
  });
});

describe('labels', () => {
  it('name every field of the specification', () => {
    expect(Object.keys(TECHNICAL_SPEC_FIELD_LABELS).sort()).toEqual([...TECHNICAL_SPEC_FIELDS].sort());
    for (const label of Object.values(TECHNICAL_SPEC_FIELD_LABELS)) expect(label).not.toMatch(/[A-Z]{2,}_/);
  });

  it('name every value of every choice field, in the order of its enumeration', () => {
    const shape = technicalSpecSchema.shape as Record<string, { unwrap?: () => unknown }>;
    for (const [field, labels] of Object.entries(TECHNICAL_SPEC_VALUE_LABELS)) {
      // The schema's enumeration of the field (inside default/nullish wrappers).
      let inner: unknown = shape[field];
      while (inner && !(inner as { options?: unknown }).options) {
        inner = (inner as { unwrap: () => unknown }).unwrap();
      }
      const values = (inner as { options: string[] }).options;
      expect(Object.keys(labels), field).toEqual(values);
      expect(
        technicalSpecOptions(field as keyof typeof TECHNICAL_SPEC_VALUE_LABELS).map((o) => o.value),
      ).toEqual(values);
    }
  });

  it('show values as a person reads them', () => {
    expect(technicalSpecValueLabel('packaging', 'WOODEN_BOX_SEA_FOIL')).toBe('Holzkiste mit Seefolie');
    expect(technicalSpecValueLabel('technicalSpec.regulation', 'INDIVIDUAL')).toBe('Individuell');
    expect(technicalSpecValueLabel('wireTagLabel', true)).toBe('Ja');
    expect(technicalSpecValueLabel('customerRegulation', 'false')).toBe('Nein');
    expect(technicalSpecValueLabel('terminalType', 'Push-in')).toBe('Push-in');
    expect(technicalSpecValueLabel('regulationIndividual', null)).toBe('–');
    expect(technicalSpecValueLabel('deliveryCondition', 'EXW')).toBe('Ab Werk (EXW)');
  });

  it('label project fields, technical options and unknown fields', () => {
    expect(enquiryFieldLabel('title')).toBe(ENQUIRY_FIELD_LABELS.title);
    expect(enquiryFieldLabel('packagingWrap')).toBe('Umhüllung');
    // The BOM's changes recorded on the enquiry: a line edit and a customer's manufacturer correction.
    expect(enquiryFieldLabel('bomLine')).toBe('Zeile der Stückliste');
    expect(enquiryFieldLabel('bomManufacturer')).toBe('Hersteller in der Stückliste');
    expect(enquiryFieldLabel('technicalSpec.packagingWrap')).toBe('Umhüllung');
    expect(enquiryFieldLabel('somethingElse')).toBe('somethingElse');
  });
});
