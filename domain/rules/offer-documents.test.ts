import { describe, expect, it } from 'vitest';
import { FILE_TYPES } from '../enums';
import {
  fixedOfferFileTypes,
  isOfferFileFixed,
  type OfferDocumentFacts,
  offerFileFixedReason,
  offerFileTypesFor,
  proposeOfferFileType,
  SIGNED_DOCUMENT_REASONS,
} from './offer-documents';

const DRAFT: OfferDocumentFacts = { released: false, state: 'OPEN' };
const RELEASED: OfferDocumentFacts = { released: true, state: 'OPEN' };
const DECLINED: OfferDocumentFacts = { released: true, state: 'DECLINED' };
const ACCEPTED: OfferDocumentFacts = { released: true, state: 'ACCEPTED' };
const CONFIRMED: OfferDocumentFacts = { released: true, state: 'CONFIRMED' };

/** SPEC §4: which document is fixed in which state; every other file type never is. */
const TABLE: [string, OfferDocumentFacts, { OFFER: boolean; ORDER: boolean; ORDER_CONFIRMATION: boolean }][] =
  [
    ['draft', DRAFT, { OFFER: false, ORDER: false, ORDER_CONFIRMATION: false }],
    ['released', RELEASED, { OFFER: true, ORDER: false, ORDER_CONFIRMATION: false }],
    ['declined', DECLINED, { OFFER: true, ORDER: false, ORDER_CONFIRMATION: false }],
    ['accepted', ACCEPTED, { OFFER: true, ORDER: true, ORDER_CONFIRMATION: false }],
    ['confirmed', CONFIRMED, { OFFER: true, ORDER: true, ORDER_CONFIRMATION: true }],
  ];

describe('signed offer documents (SPEC §4)', () => {
  it.each(TABLE)('%s: the fixed document types', (_name, offer, expected) => {
    for (const type of FILE_TYPES) {
      const fixed = (expected as Record<string, boolean>)[type] ?? false;
      expect(isOfferFileFixed(offer, type), type).toBe(fixed);
      const reason = offerFileFixedReason(offer, type);
      if (fixed) expect(reason).toBe(SIGNED_DOCUMENT_REASONS[type as keyof typeof SIGNED_DOCUMENT_REASONS]);
      else expect(reason).toBeNull();
    }
    expect(fixedOfferFileTypes(offer)).toEqual(
      Object.entries(expected)
        .filter(([, fixed]) => fixed)
        .map(([type]) => type),
    );
  });

  it('gives each document its own German reason', () => {
    expect(offerFileFixedReason(RELEASED, 'OFFER')).toContain('Angebotsdatei ist damit verbindlich');
    expect(offerFileFixedReason(ACCEPTED, 'ORDER')).toContain('Bestellung ist damit verbindlich');
    expect(offerFileFixedReason(CONFIRMED, 'ORDER_CONFIRMATION')).toContain(
      'Auftragsbestätigung ist damit verbindlich',
    );
  });

  it('offers only the types that are not fixed for a new file', () => {
    expect(offerFileTypesFor(DRAFT, 'a.pdf')).toContain('OFFER');
    expect(offerFileTypesFor(ACCEPTED, 'a.pdf')).toEqual([
      'ORDER_CONFIRMATION',
      'LEGAL_DOCUMENT',
      'CIRCUIT_DIAGRAM',
      'NC_DATA',
      'UNKNOWN',
    ]);
    expect(offerFileTypesFor(CONFIRMED, 'a.pdf')).not.toContain('ORDER_CONFIRMATION');
    expect(offerFileTypesFor(CONFIRMED, 'a.pau')).toEqual(['PERFOREX']);
  });

  it('proposes no fixed type: a name that suggests one gets the default type', () => {
    expect(proposeOfferFileType(DRAFT, 'Angebot 4711.pdf')).toBe('OFFER');
    expect(proposeOfferFileType(ACCEPTED, 'Angebot 4711.pdf')).toBe('UNKNOWN');
    expect(proposeOfferFileType(ACCEPTED, 'Bestellung.pdf')).toBe('UNKNOWN');
    expect(proposeOfferFileType(ACCEPTED, 'Auftragsbestätigung.pdf')).toBe('ORDER_CONFIRMATION');
    expect(proposeOfferFileType(RELEASED, 'Bestellung.pdf')).toBe('ORDER');
    expect(proposeOfferFileType(CONFIRMED, 'Schaltplan.pdf')).toBe('CIRCUIT_DIAGRAM');
  });
});
