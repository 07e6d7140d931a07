import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileType } from '../enums';
import { defaultTechnicalSpec } from '../schemas/technical-spec';
import { enquiryReleaseProblems, enquiryStatus, type ReleasableEnquiry } from './enquiry-status';

describe('enquiryStatus', () => {
  it('goes by priority: archived, closed, released, else draft (every combination)', () => {
    for (const archived of [false, true]) {
      for (const closed of [false, true]) {
        for (const released of [false, true]) {
          const expected = archived ? 'ARCHIVED' : closed ? 'CLOSED' : released ? 'RELEASED' : 'DRAFT';
          expect(enquiryStatus({ archived, closed, released }), `${archived} ${closed} ${released}`).toBe(
            expected,
          );
        }
      }
    }
  });
});

describe('enquiryReleaseProblems', () => {
  const today = '2030-05-10';
  const complete: ReleasableEnquiry = {
    title: 'Steuerung Presse 3',
    referenceNumber: 'R-2030-17',
    deliveryCondition: 'EXW',
    desiredDeliveryDate: '2030-06-01',
    amount: 2,
    technicalSpec: defaultTechnicalSpec(),
  };
  const files: { filename: string; fileType: FileType }[] = [
    { filename: 'Schaltplan.pdf', fileType: 'CIRCUIT_DIAGRAM' },
    { filename: 'Stückliste.xlsx', fileType: 'BILL_OF_MATERIAL' },
  ];

  it('has none for a complete enquiry with circuit diagram and BOM', () => {
    expect(enquiryReleaseProblems(complete, files, today)).toEqual([]);
  });

  it('names each missing required field (SPEC §5)', () => {
    const empty: ReleasableEnquiry = {
      ...complete,
      title: ' ',
      referenceNumber: null,
      deliveryCondition: null,
      desiredDeliveryDate: null,
      amount: 0,
    };
    expect(enquiryReleaseProblems(empty, files, today)).toEqual([
      { field: 'title', message: 'Titel fehlt' },
      { field: 'referenceNumber', message: 'Referenznummer fehlt' },
      { field: 'deliveryCondition', message: 'Lieferbedingung fehlt' },
      { field: 'desiredDeliveryDate', message: 'Wunschliefertermin fehlt' },
      { field: 'amount', message: 'Stückzahl muss eine ganze Zahl ab 1 sein' },
    ]);
    expect(enquiryReleaseProblems({ ...complete, amount: 1.5 }, files, today).map((p) => p.field)).toEqual([
      'amount',
    ]);
  });

  it('wants the desired delivery date after today', () => {
    for (const desiredDeliveryDate of ['2030-05-10', '2030-05-09']) {
      expect(enquiryReleaseProblems({ ...complete, desiredDeliveryDate }, files, today)).toEqual([
        { field: 'desiredDeliveryDate', message: 'Der Wunschliefertermin muss in der Zukunft liegen' },
      ]);
    }
    expect(enquiryReleaseProblems({ ...complete, desiredDeliveryDate: '2030-05-11' }, files, today)).toEqual(
      [],
    );
  });

  it('says "Schaltplan fehlt" without a circuit diagram PDF and "Stückliste fehlt" without a BOM file', () => {
    const messages = (list: { filename: string; fileType: FileType }[]) =>
      enquiryReleaseProblems(complete, list, today).map((problem) => problem.message);
    expect(messages([])).toEqual(['Schaltplan fehlt', 'Stückliste fehlt']);
    expect(messages([files[1]!])).toEqual(['Schaltplan fehlt']);
    expect(messages([files[0]!])).toEqual(['Stückliste fehlt']);
    // A mapped BOM of the BOM panel is the BOM as well; an uploaded but unmapped one is not.
    expect(enquiryReleaseProblems({ ...complete, bomMapped: true }, [files[0]!], today)).toEqual([]);
    expect(
      enquiryReleaseProblems({ ...complete, bomMapped: false }, [files[0]!], today).map((p) => p.message),
    ).toEqual(['Stückliste fehlt']);
    // A circuit diagram must be a PDF; a PDF of another type is no circuit diagram.
    expect(messages([{ filename: 'plan.csv', fileType: 'CIRCUIT_DIAGRAM' }, files[1]!])).toEqual([
      'Schaltplan fehlt',
    ]);
    expect(messages([{ filename: 'plan.pdf', fileType: 'UNKNOWN' }, files[1]!])).toEqual([
      'Schaltplan fehlt',
    ]);
    expect(messages([{ filename: 'PLAN.PDF', fileType: 'CIRCUIT_DIAGRAM' }, files[1]!])).toEqual([]);
    expect(messages([files[0]!, { filename: 'bom.csv', fileType: 'BILL_OF_MATERIAL' }])).toEqual([]);
    expect(messages([files[0]!, { filename: 'bom.xlsx', fileType: 'UNKNOWN' }])).toEqual([
      'Stückliste fehlt',
    ]);
  });

  it('includes the technical options without their free text', () => {
    const technicalSpec = { ...defaultTechnicalSpec(), packaging: 'INDIVIDUAL' as const };
    expect(enquiryReleaseProblems({ ...complete, technicalSpec }, files, today)).toEqual([
      {
        field: 'technicalSpec.packagingIndividual',
        message: 'Verpackung: Bitte beschreiben Sie die individuelle Angabe.',
      },
    ]);
  });

  describe('without a given day', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('judges the delivery date by the Berlin calendar day, not the process time zone', () => {
      // 23:30 UTC on 28 March is 00:30 on 29 March in Berlin: the 29th is today, no longer the future.
      vi.useFakeTimers({ now: new Date('2026-03-28T23:30:00Z') });
      const fields = (desiredDeliveryDate: string) =>
        enquiryReleaseProblems({ ...complete, desiredDeliveryDate }, files).map((problem) => problem.field);
      expect(fields('2026-03-29')).toEqual(['desiredDeliveryDate']);
      expect(fields('2026-03-30')).toEqual([]);
    });
  });
});
