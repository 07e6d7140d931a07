import { describe, expect, it } from 'vitest';
import type { OfferState } from '../enums';
import { declineOfferBody } from '../schemas/offer';
import {
  canChangeOfferState,
  canEditOffer,
  decideOfferAction,
  OFFER_ACTIONS,
  OFFER_STAGE_STATES,
  OFFER_STATE_COLOURS,
  OFFER_STATE_LABELS,
  type OfferAction,
  type OfferActionInputs,
  type OfferActorFacts,
  type OfferDecision,
  type OfferFacts,
  type OfferRefusal,
  type OfferStage,
  offerActionForStateChange,
  offerReleaseBadge,
  offerRole,
  offerStage,
} from './offer-state';
import { OFFER_EXPIRED_MESSAGE } from './offer-validity';

const SUPPLIER_CO = 'supplier-1';
const CUSTOMER_CO = 'customer-1';
const NOW = new Date('2030-05-10T08:00:00.000Z');

const supplier: OfferActorFacts = { companyId: SUPPLIER_CO, companyType: 'SUPPLIER' };
const customer: OfferActorFacts = { companyId: CUSTOMER_CO, companyType: 'CUSTOMER' };
const other: OfferActorFacts = { companyId: 'supplier-2', companyType: 'SUPPLIER' };
const ACTORS = { supplier, customer, other } as const;

/** Every file and reason an action may need, so that the table shows the state rules alone. */
const fullInputs: OfferActionInputs = {
  files: [
    { filename: 'Angebot.pdf', fileType: 'OFFER', uploadedByCompanyId: SUPPLIER_CO },
    { filename: 'Bestellung.pdf', fileType: 'ORDER', uploadedByCompanyId: CUSTOMER_CO },
    { filename: 'AB.pdf', fileType: 'ORDER_CONFIRMATION', uploadedByCompanyId: SUPPLIER_CO },
  ],
  rejectionReason: 'PRICE_NOT_AS_EXPECTED',
  rejectionReasonIndividual: null,
  now: NOW,
};

const RELEASE_DATE = '2030-05-01T10:00:00.000Z';
function offer(state: OfferState, released: boolean, extra: Partial<OfferFacts> = {}): OfferFacts {
  return {
    state,
    released,
    releaseDate: released ? RELEASE_DATE : null,
    invalidated: false,
    rejectionReason: state === 'DECLINED' ? 'PROJECT_NOT_REALIZED' : null,
    rejectionReasonIndividual: null,
    version: 2,
    archived: false,
    supplierId: SUPPLIER_CO,
    customerId: CUSTOMER_CO,
    ...extra,
  };
}

const SITUATIONS = {
  draft: offer('OPEN', false),
  open: offer('OPEN', true),
  declined: offer('DECLINED', true),
  accepted: offer('ACCEPTED', true),
  confirmed: offer('CONFIRMED', true),
} as const;
type Situation = keyof typeof SITUATIONS;

// The expected German messages, written out.
const OTHER = 'Sie haben keine Berechtigung für dieses Angebot.';
const onlySupplier = (verb: string) => `Nur der Lieferant kann das Angebot ${verb}.`;
const onlyCustomer = (verb: string) => `Nur der Kunde kann das Angebot ${verb}.`;
const UNRELEASED = 'Das Angebot ist noch nicht freigegeben.';
const ALREADY_RELEASED = 'Das Angebot ist bereits freigegeben.';
const READ_ONLY = 'Ein freigegebenes Angebot kann nicht mehr geändert werden.';
const REVISE_DRAFT = 'Ein nicht freigegebenes Angebot wird direkt bearbeitet, nicht überarbeitet.';
const INVALIDATED = 'Diese Version des Angebots wurde überarbeitet und kann nicht mehr geändert werden.';
const ARCHIVED = 'Das Angebot ist archiviert und kann nicht mehr geändert werden.';
const inState = (label: string, participle: string) =>
  `Ein Angebot im Status „${label}“ kann nicht ${participle} werden.`;

type Expected =
  | { no: OfferRefusal; message: string }
  | { ok: Partial<OfferFacts>; stage: OfferStage; revised?: true };
const no = (reason: OfferRefusal, message: string): Expected => ({ no: reason, message });
const ok = (changes: Partial<OfferFacts>, stage: OfferStage, revised?: true): Expected =>
  revised ? { ok: changes, stage, revised } : { ok: changes, stage };

// situation, action, supplier, customer (anyone else always gets OTHER, checked below).
const TABLE: [Situation, OfferAction, Expected, Expected][] = [
  [
    'draft',
    'release',
    ok({ released: true, releaseDate: NOW.toISOString() }, 'OFFER'),
    no('OTHER_SIDE', onlySupplier('freigeben')),
  ],
  ['draft', 'accept', no('OTHER_SIDE', onlyCustomer('annehmen')), no('NOT_RELEASED', UNRELEASED)],
  ['draft', 'decline', no('OTHER_SIDE', onlyCustomer('ablehnen')), no('NOT_RELEASED', UNRELEASED)],
  [
    'draft',
    'confirm',
    no('WRONG_STATE', inState('Offen', 'bestätigt')),
    no('OTHER_SIDE', onlySupplier('bestätigen')),
  ],
  ['draft', 'revise', no('RELEASED_STATE', REVISE_DRAFT), no('OTHER_SIDE', onlySupplier('überarbeiten'))],
  ['draft', 'save', ok({}, 'OFFER'), no('OTHER_SIDE', onlySupplier('speichern'))],

  ['open', 'release', no('RELEASED_STATE', ALREADY_RELEASED), no('OTHER_SIDE', onlySupplier('freigeben'))],
  ['open', 'accept', no('OTHER_SIDE', onlyCustomer('annehmen')), ok({ state: 'ACCEPTED' }, 'ORDER')],
  [
    'open',
    'decline',
    no('OTHER_SIDE', onlyCustomer('ablehnen')),
    ok({ state: 'DECLINED', rejectionReason: 'PRICE_NOT_AS_EXPECTED' }, 'OFFER'),
  ],
  [
    'open',
    'confirm',
    no('WRONG_STATE', inState('Offen', 'bestätigt')),
    no('OTHER_SIDE', onlySupplier('bestätigen')),
  ],
  [
    'open',
    'revise',
    ok({ invalidated: true }, 'OFFER', true),
    no('OTHER_SIDE', onlySupplier('überarbeiten')),
  ],
  ['open', 'save', no('RELEASED_STATE', READ_ONLY), no('OTHER_SIDE', onlySupplier('speichern'))],

  [
    'declined',
    'release',
    no('RELEASED_STATE', ALREADY_RELEASED),
    no('OTHER_SIDE', onlySupplier('freigeben')),
  ],
  [
    'declined',
    'accept',
    no('OTHER_SIDE', onlyCustomer('annehmen')),
    no('WRONG_STATE', inState('Abgelehnt', 'angenommen')),
  ],
  [
    'declined',
    'decline',
    no('OTHER_SIDE', onlyCustomer('ablehnen')),
    no('WRONG_STATE', inState('Abgelehnt', 'abgelehnt')),
  ],
  [
    'declined',
    'confirm',
    no('WRONG_STATE', inState('Abgelehnt', 'bestätigt')),
    no('OTHER_SIDE', onlySupplier('bestätigen')),
  ],
  [
    'declined',
    'revise',
    ok({ invalidated: true }, 'OFFER', true),
    no('OTHER_SIDE', onlySupplier('überarbeiten')),
  ],
  ['declined', 'save', no('RELEASED_STATE', READ_ONLY), no('OTHER_SIDE', onlySupplier('speichern'))],

  [
    'accepted',
    'release',
    no('RELEASED_STATE', ALREADY_RELEASED),
    no('OTHER_SIDE', onlySupplier('freigeben')),
  ],
  [
    'accepted',
    'accept',
    no('OTHER_SIDE', onlyCustomer('annehmen')),
    no('WRONG_STATE', inState('Angenommen', 'angenommen')),
  ],
  [
    'accepted',
    'decline',
    no('OTHER_SIDE', onlyCustomer('ablehnen')),
    no('WRONG_STATE', inState('Angenommen', 'abgelehnt')),
  ],
  ['accepted', 'confirm', ok({ state: 'CONFIRMED' }, 'JOB'), no('OTHER_SIDE', onlySupplier('bestätigen'))],
  [
    'accepted',
    'revise',
    no('WRONG_STATE', inState('Angenommen', 'überarbeitet')),
    no('OTHER_SIDE', onlySupplier('überarbeiten')),
  ],
  ['accepted', 'save', no('RELEASED_STATE', READ_ONLY), no('OTHER_SIDE', onlySupplier('speichern'))],

  [
    'confirmed',
    'release',
    no('RELEASED_STATE', ALREADY_RELEASED),
    no('OTHER_SIDE', onlySupplier('freigeben')),
  ],
  [
    'confirmed',
    'accept',
    no('OTHER_SIDE', onlyCustomer('annehmen')),
    no('WRONG_STATE', inState('Bestätigt', 'angenommen')),
  ],
  [
    'confirmed',
    'decline',
    no('OTHER_SIDE', onlyCustomer('ablehnen')),
    no('WRONG_STATE', inState('Bestätigt', 'abgelehnt')),
  ],
  [
    'confirmed',
    'confirm',
    no('WRONG_STATE', inState('Bestätigt', 'bestätigt')),
    no('OTHER_SIDE', onlySupplier('bestätigen')),
  ],
  [
    'confirmed',
    'revise',
    no('WRONG_STATE', inState('Bestätigt', 'überarbeitet')),
    no('OTHER_SIDE', onlySupplier('überarbeiten')),
  ],
  ['confirmed', 'save', no('RELEASED_STATE', READ_ONLY), no('OTHER_SIDE', onlySupplier('speichern'))],
];

function expectOutcome(actual: OfferDecision, expected: Expected, facts: OfferFacts, label: string) {
  if ('no' in expected) {
    expect(actual.ok, label).toBe(false);
    if (!actual.ok)
      expect({ reason: actual.reason, message: actual.message }, label).toEqual({
        reason: expected.no,
        message: expected.message,
      });
    return;
  }
  const { state, released, releaseDate, invalidated, rejectionReason, rejectionReasonIndividual } = facts;
  const before = { state, released, releaseDate, invalidated, rejectionReason, rejectionReasonIndividual };
  expect(actual, label).toEqual({
    ok: true,
    next: { ...before, ...expected.ok },
    revision: expected.revised
      ? {
          version: 3,
          state: 'OPEN',
          released: false,
          releaseDate: null,
          invalidated: false,
          archived: false,
          rejectionReason: null,
          rejectionReasonIndividual: null,
        }
      : null,
    stage: expected.stage,
  });
}

describe('decideOfferAction: every state × actor × action', () => {
  it('the table covers each situation and action exactly once', () => {
    const keys = TABLE.map(([situation, action]) => `${situation}/${action}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(Object.keys(SITUATIONS).length * OFFER_ACTIONS.length);
  });

  it.each(TABLE)('%s, %s', (situation, action, bySupplier, byCustomer) => {
    const facts = SITUATIONS[situation];
    expectOutcome(decideOfferAction(facts, supplier, action, fullInputs), bySupplier, facts, 'supplier');
    expectOutcome(decideOfferAction(facts, customer, action, fullInputs), byCustomer, facts, 'customer');
    expectOutcome(
      decideOfferAction(facts, other, action, fullInputs),
      no('NOT_A_PARTY', OTHER),
      facts,
      'other',
    );
  });

  // Whose action each is, written out: the wrong side is refused before the offer's flags are looked at.
  const OWNER: Record<OfferAction, 'supplier' | 'customer'> = {
    release: 'supplier',
    accept: 'customer',
    decline: 'customer',
    confirm: 'supplier',
    revise: 'supplier',
    save: 'supplier',
  };
  const VERB: Record<OfferAction, string> = {
    release: 'freigeben',
    accept: 'annehmen',
    decline: 'ablehnen',
    confirm: 'bestätigen',
    revise: 'überarbeiten',
    save: 'speichern',
  };

  for (const [flag, reason, message] of [
    ['invalidated', 'INVALIDATED', INVALIDATED],
    ['archived', 'ARCHIVED', ARCHIVED],
  ] as const) {
    it(`an ${flag} offer allows nothing, in every released state`, () => {
      for (const situation of ['open', 'declined', 'accepted', 'confirmed'] as const) {
        const facts = { ...SITUATIONS[situation], [flag]: true };
        for (const action of OFFER_ACTIONS) {
          for (const [name, actor] of Object.entries(ACTORS)) {
            const expected =
              name === 'other'
                ? no('NOT_A_PARTY', OTHER)
                : name !== OWNER[action]
                  ? no(
                      'OTHER_SIDE',
                      OWNER[action] === 'supplier' ? onlySupplier(VERB[action]) : onlyCustomer(VERB[action]),
                    )
                  : no(reason, message);
            expectOutcome(
              decideOfferAction(facts, actor, action, fullInputs),
              expected,
              facts,
              `${situation} ${action} ${name}`,
            );
          }
        }
      }
    });
  }

  it('an archived draft: the supplier is refused as ARCHIVED, the customer still never sees it (NOT_RELEASED)', () => {
    const facts = { ...SITUATIONS.draft, archived: true };
    expect(decideOfferAction(facts, supplier, 'save', fullInputs)).toMatchObject({
      reason: 'ARCHIVED',
      message: ARCHIVED,
    });
    expect(decideOfferAction(facts, supplier, 'release', fullInputs)).toMatchObject({ reason: 'ARCHIVED' });
    expect(decideOfferAction(facts, customer, 'accept', fullInputs)).toMatchObject({
      reason: 'NOT_RELEASED',
      message: UNRELEASED,
    });
  });
});

describe('decideOfferAction: what each action needs', () => {
  const files = fullInputs.files!;
  const [offerPdf, orderPdf, confirmationPdf] = files;

  it('release needs an OFFER PDF ("Angebotsdatei fehlt")', () => {
    const missing = { reason: 'MISSING_INPUT', message: 'Angebotsdatei fehlt', field: 'offerFile' };
    const release = (list: OfferActionInputs['files']) =>
      decideOfferAction(SITUATIONS.draft, supplier, 'release', { files: list, now: NOW });
    expect(release([])).toMatchObject(missing);
    expect(release([orderPdf!, confirmationPdf!])).toMatchObject(missing);
    expect(release([{ ...offerPdf!, filename: 'Angebot.docx' }])).toMatchObject(missing);
    expect(release([{ ...offerPdf!, filename: 'ANGEBOT.PDF' }])).toMatchObject({ ok: true });
  });

  it('release without a time stamps now', () => {
    const result = decideOfferAction(SITUATIONS.draft, supplier, 'release', { files: [offerPdf!] });
    expect(result.ok && typeof result.next.releaseDate).toBe('string');
  });

  it('accept needs an ORDER PDF uploaded by the customer ("Bestelldatei fehlt")', () => {
    const missing = { reason: 'MISSING_INPUT', message: 'Bestelldatei fehlt', field: 'orderFile' };
    const accept = (list: OfferActionInputs['files']) =>
      decideOfferAction(SITUATIONS.open, customer, 'accept', { files: list });
    expect(accept([offerPdf!, confirmationPdf!])).toMatchObject(missing);
    expect(accept([{ ...orderPdf!, uploadedByCompanyId: SUPPLIER_CO }])).toMatchObject(missing);
    expect(accept([{ ...orderPdf!, uploadedByCompanyId: null }])).toMatchObject(missing);
    expect(accept([{ ...orderPdf!, filename: 'Bestellung.xlsx' }])).toMatchObject(missing);
    expect(accept([orderPdf!])).toMatchObject({ ok: true, next: { state: 'ACCEPTED' }, stage: 'ORDER' });
  });

  it.each([
    ['valid through its last day', '2030-05-10', true],
    ['no validity set', null, true],
    ['expired the day after', '2030-05-09', false],
  ])('accept with "gültig bis" %s', (_case, validUntil, ok) => {
    const result = decideOfferAction({ ...SITUATIONS.open, validUntil }, customer, 'accept', {
      files: [orderPdf!],
      now: NOW,
    });
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result).toMatchObject({ reason: 'EXPIRED', message: OFFER_EXPIRED_MESSAGE });
    // Declining an expired offer stays possible.
    const decline = decideOfferAction({ ...SITUATIONS.open, validUntil }, customer, 'decline', {
      rejectionReason: 'PRICE_NOT_AS_EXPECTED',
      now: NOW,
    });
    expect(decline.ok).toBe(true);
  });

  it('confirm needs an ORDER_CONFIRMATION PDF ("Auftragsbestätigung fehlt")', () => {
    const missing = {
      reason: 'MISSING_INPUT',
      message: 'Auftragsbestätigung fehlt',
      field: 'orderConfirmationFile',
    };
    const confirm = (list: OfferActionInputs['files']) =>
      decideOfferAction(SITUATIONS.accepted, supplier, 'confirm', { files: list });
    expect(confirm([offerPdf!, orderPdf!])).toMatchObject(missing);
    expect(confirm([{ ...confirmationPdf!, filename: 'AB.txt' }])).toMatchObject(missing);
    expect(confirm([confirmationPdf!])).toMatchObject({
      ok: true,
      next: { state: 'CONFIRMED' },
      stage: 'JOB',
    });
  });

  it('decline needs a reason, and a free text for INDIVIDUAL; other reasons drop the free text', () => {
    const decline = (inputs: OfferActionInputs) =>
      decideOfferAction(SITUATIONS.open, customer, 'decline', inputs);
    expect(decline({})).toMatchObject({
      reason: 'MISSING_INPUT',
      message: 'Bitte wählen Sie einen Ablehnungsgrund.',
      field: 'rejectionReason',
    });
    const needText = {
      reason: 'MISSING_INPUT',
      message: 'Bitte beschreiben Sie den Ablehnungsgrund.',
      field: 'rejectionReasonIndividual',
    };
    expect(decline({ rejectionReason: 'INDIVIDUAL' })).toMatchObject(needText);
    expect(decline({ rejectionReason: 'INDIVIDUAL', rejectionReasonIndividual: '   ' })).toMatchObject(
      needText,
    );
    expect(decline({ rejectionReason: 'INDIVIDUAL', rejectionReasonIndividual: ' Zu spät ' })).toMatchObject({
      ok: true,
      next: { state: 'DECLINED', rejectionReason: 'INDIVIDUAL', rejectionReasonIndividual: 'Zu spät' },
      stage: 'OFFER',
    });
    expect(
      decline({ rejectionReason: 'PROJECT_NOT_REALIZED', rejectionReasonIndividual: 'wird ignoriert' }),
    ).toMatchObject({
      ok: true,
      next: { rejectionReason: 'PROJECT_NOT_REALIZED', rejectionReasonIndividual: null },
    });
  });

  it('a revision starts the next version after the current one', () => {
    const result = decideOfferAction(offer('DECLINED', true, { version: 7 }), supplier, 'revise');
    expect(result).toMatchObject({
      ok: true,
      next: { invalidated: true, state: 'DECLINED' },
      revision: { version: 8 },
    });
  });
});

describe('who is who', () => {
  it('only the offer supplier and the enquiry customer have a side; everyone else is OTHER', () => {
    const facts = SITUATIONS.open;
    expect(offerRole(facts, supplier)).toBe('SUPPLIER');
    expect(offerRole(facts, customer)).toBe('CUSTOMER');
    const others: OfferActorFacts[] = [
      other,
      { companyId: 'customer-2', companyType: 'CUSTOMER' },
      { companyId: 'operator', companyType: 'ADMIN' },
      { companyId: 'ext', companyType: 'EXTERNAL' },
      // The right company id with the wrong type is no side either.
      { companyId: SUPPLIER_CO, companyType: 'CUSTOMER' },
      { companyId: CUSTOMER_CO, companyType: 'SUPPLIER' },
    ];
    for (const actor of others) {
      expect(offerRole(facts, actor)).toBe('OTHER');
      expect(decideOfferAction(facts, actor, 'accept', fullInputs)).toMatchObject({
        reason: 'NOT_A_PARTY',
        message: OTHER,
      });
    }
  });
});

describe('canChangeOfferState (SPEC §4 status-change rights)', () => {
  it.each([
    ['OPEN', false, true, false],
    ['ACCEPTED', true, false, false],
    ['CONFIRMED', true, true, false],
    ['DECLINED', false, false, false],
  ] as const)('from %s: supplier %s, customer %s, other %s', (state, bySupplier, byCustomer, byOther) => {
    expect(canChangeOfferState(state, 'SUPPLIER')).toBe(bySupplier);
    expect(canChangeOfferState(state, 'CUSTOMER')).toBe(byCustomer);
    expect(canChangeOfferState(state, 'OTHER')).toBe(byOther);
  });

  it('maps the state asked for to its action', () => {
    expect(offerActionForStateChange('OPEN', 'ACCEPTED')).toBe('accept');
    expect(offerActionForStateChange('OPEN', 'DECLINED')).toBe('decline');
    expect(offerActionForStateChange('ACCEPTED', 'CONFIRMED')).toBe('confirm');
    expect(offerActionForStateChange('OPEN', 'CONFIRMED')).toBeNull();
    expect(offerActionForStateChange('DECLINED', 'OPEN')).toBeNull();
    expect(offerActionForStateChange('CONFIRMED', 'ACCEPTED')).toBeNull();
    expect(offerActionForStateChange('OPEN', 'OPEN')).toBeNull();
  });
});

describe('canEditOffer', () => {
  it('the supplier edits an unreleased, current, unarchived offer only', () => {
    expect(canEditOffer(SITUATIONS.draft, supplier)).toBe(true);
    expect(canEditOffer(SITUATIONS.draft, customer)).toBe(false);
    expect(canEditOffer(SITUATIONS.draft, other)).toBe(false);
    expect(canEditOffer({ ...SITUATIONS.draft, invalidated: true }, supplier)).toBe(false);
    expect(canEditOffer({ ...SITUATIONS.draft, archived: true }, supplier)).toBe(false);
    for (const situation of ['open', 'declined', 'accepted', 'confirmed'] as const) {
      expect(canEditOffer(SITUATIONS[situation], supplier)).toBe(false);
    }
  });
});

describe('lists, labels, colours, badges', () => {
  it('SPEC §4: offers OPEN and DECLINED, orders ACCEPTED, jobs CONFIRMED', () => {
    expect(offerStage('OPEN')).toBe('OFFER');
    expect(offerStage('DECLINED')).toBe('OFFER');
    expect(offerStage('ACCEPTED')).toBe('ORDER');
    expect(offerStage('CONFIRMED')).toBe('JOB');
    expect(OFFER_STAGE_STATES).toEqual({
      OFFER: ['OPEN', 'DECLINED'],
      ORDER: ['ACCEPTED'],
      JOB: ['CONFIRMED'],
    });
  });

  it('SPEC §4 state colours and German labels', () => {
    expect(OFFER_STATE_COLOURS).toEqual({
      DECLINED: '#C5102C',
      ACCEPTED: '#15A34E',
      CONFIRMED: '#4a7bf8',
      OPEN: '#575656',
    });
    expect(OFFER_STATE_LABELS).toEqual({
      OPEN: 'Offen',
      DECLINED: 'Abgelehnt',
      ACCEPTED: 'Angenommen',
      CONFIRMED: 'Bestätigt',
    });
  });

  it('release badge by priority: archived, released, else default', () => {
    expect(offerReleaseBadge({ archived: true, released: true })).toBe('ARCHIVED');
    expect(offerReleaseBadge({ archived: true, released: false })).toBe('ARCHIVED');
    expect(offerReleaseBadge({ archived: false, released: true })).toBe('RELEASED');
    expect(offerReleaseBadge({ archived: false, released: false })).toBe('DEFAULT');
  });
});

describe('declineOfferBody', () => {
  const offerId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it('requires a reason, and the free text for INDIVIDUAL', () => {
    const missing = declineOfferBody.safeParse({ offerId });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rejectionReason', 'Bitte wählen Sie einen Ablehnungsgrund.'],
    ]);
    const noText = declineOfferBody.safeParse({
      offerId,
      rejectionReason: 'INDIVIDUAL',
      rejectionReasonIndividual: ' ',
    });
    expect(noText.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rejectionReasonIndividual', 'Bitte beschreiben Sie den Ablehnungsgrund.'],
    ]);
  });

  it('keeps the free text only for INDIVIDUAL', () => {
    expect(
      declineOfferBody.parse({
        offerId,
        rejectionReason: 'INDIVIDUAL',
        rejectionReasonIndividual: ' Budget gestrichen ',
      }),
    ).toEqual({ offerId, rejectionReason: 'INDIVIDUAL', rejectionReasonIndividual: 'Budget gestrichen' });
    expect(
      declineOfferBody.parse({
        offerId,
        rejectionReason: 'PRICE_NOT_AS_EXPECTED',
        rejectionReasonIndividual: 'x',
      }),
    ).toEqual({ offerId, rejectionReason: 'PRICE_NOT_AS_EXPECTED', rejectionReasonIndividual: null });
  });
});
