import { describe, expect, it } from 'vitest';
import { defaultTechnicalSpec } from '../schemas/technical-spec';
import { decideEnquiryClosing, decideEnquiryRelease } from './enquiry-status';

const complete = {
  title: 'Schaltschrank',
  referenceNumber: 'REF-1',
  deliveryCondition: 'EXW',
  desiredDeliveryDate: '2030-06-01',
  amount: 2,
  technicalSpec: defaultTechnicalSpec(),
  bomMapped: true,
  released: false,
};
const files = [{ filename: 'Schaltplan.pdf', fileType: 'CIRCUIT_DIAGRAM' as const }];

describe('decideEnquiryRelease (SPEC §4)', () => {
  it('allows a complete draft', () => {
    expect(decideEnquiryRelease(complete, files, '2030-01-01')).toEqual({ allowed: true });
  });

  it('refuses a released enquiry before looking at what is missing', () => {
    expect(decideEnquiryRelease({ ...complete, released: true, title: null }, [], '2030-01-01')).toEqual({
      allowed: false,
      reason: 'ALREADY_RELEASED',
    });
  });

  it('refuses an incomplete draft with every problem', () => {
    const decision = decideEnquiryRelease({ ...complete, title: null }, [], '2030-01-01');
    expect(decision).toMatchObject({ allowed: false, reason: 'INCOMPLETE' });
    expect(decision.allowed === false && decision.reason === 'INCOMPLETE' && decision.problems).toEqual([
      { field: 'title', message: 'Titel fehlt' },
      { field: 'circuitDiagram', message: 'Schaltplan fehlt' },
    ]);
  });
});

describe('decideEnquiryClosing (SPEC §4)', () => {
  it.each([
    [{ released: false, closed: false }, true, { allowed: false, reason: 'NOT_RELEASED' }],
    [{ released: false, closed: false }, false, { allowed: true, changes: false }],
    [{ released: true, closed: false }, true, { allowed: true, changes: true }],
    [{ released: true, closed: true }, true, { allowed: true, changes: false }],
    [{ released: true, closed: true }, false, { allowed: true, changes: true }],
    [{ released: false, closed: true }, false, { allowed: true, changes: true }],
  ])('%o, closed=%s', (enquiry, closed, expected) => {
    expect(decideEnquiryClosing(enquiry, closed)).toEqual(expected);
  });
});
