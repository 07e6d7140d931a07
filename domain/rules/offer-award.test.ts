import { describe, expect, it } from 'vitest';
import {
  ALREADY_AWARDED_MESSAGE,
  type AwardChoice,
  type AwardContext,
  type AwardLineOption,
  type AwardOfferFacts,
  cheapestOffer,
  chooseByGroup,
  choosePerLine,
  decideAward,
  fastestOffer,
  splitSuffix,
} from './offer-award';

const NOW = new Date('2030-06-01T08:00:00.000Z');
const open = (id: string, over: Partial<AwardOfferFacts> = {}): AwardOfferFacts => ({
  id,
  state: 'OPEN',
  released: true,
  invalidated: false,
  archived: false,
  validUntil: '2030-06-30',
  ...over,
});

const A = open('a');
const B = open('b');
const C = open('c');
const linesByOffer = new Map([
  ['a', new Set(['l1', 'l2', 'l3'])],
  ['b', new Set(['l1', 'l2', 'l3'])],
  ['c', new Set(['l1'])],
]);
const ctx = (offers: AwardOfferFacts[]): AwardContext => ({ offers, linesByOffer, now: NOW });

describe('decideAward: whole', () => {
  it.each<[string, AwardOfferFacts[], string, ReturnType<typeof decideAward>]>([
    [
      'accepts and declines the other open offers',
      [A, B, C],
      'a',
      { ok: true, awarded: [{ offerId: 'a', lineIds: null, suffix: null }], declined: ['b', 'c'] },
    ],
    [
      'the only offer',
      [A],
      'a',
      { ok: true, awarded: [{ offerId: 'a', lineIds: null, suffix: null }], declined: [] },
    ],
    [
      'already declined offers stay as they are',
      [A, open('b', { state: 'DECLINED' })],
      'a',
      { ok: true, awarded: [{ offerId: 'a', lineIds: null, suffix: null }], declined: [] },
    ],
    [
      'drafts are not declined',
      [A, open('b', { released: false })],
      'a',
      { ok: true, awarded: [{ offerId: 'a', lineIds: null, suffix: null }], declined: [] },
    ],
  ])('%s', (_case, offers, offerId, expected) => {
    expect(decideAward(ctx(offers), { kind: 'WHOLE', offerId })).toEqual(expected);
  });

  it.each<[string, AwardOfferFacts[], string, string]>([
    ['another offer is already an order', [open('a', { state: 'ACCEPTED' }), B], 'b', 'ALREADY_AWARDED'],
    ['another offer is already a job', [open('a', { state: 'CONFIRMED' }), B], 'b', 'ALREADY_AWARDED'],
    ['the same offer twice', [open('a', { state: 'ACCEPTED' })], 'a', 'ALREADY_AWARDED'],
    ['an offer of another enquiry', [A, B], 'x', 'UNKNOWN_OFFER'],
    ['a declined offer', [open('a', { state: 'DECLINED' }), B], 'a', 'NOT_OPEN'],
    ['a draft', [open('a', { released: false })], 'a', 'NOT_OPEN'],
    ['a version in revision', [open('a', { invalidated: true })], 'a', 'NOT_OPEN'],
    ['an expired offer', [open('a', { validUntil: '2030-05-31' })], 'a', 'EXPIRED'],
  ])('refuses: %s', (_case, offers, offerId, reason) => {
    const decision = decideAward(ctx(offers), { kind: 'WHOLE', offerId });
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.reason).toBe(reason);
  });

  it('says in German that the enquiry is awarded', () => {
    const decision = decideAward(ctx([open('a', { state: 'ACCEPTED' }), B]), { kind: 'WHOLE', offerId: 'b' });
    expect(decision).toEqual({ ok: false, reason: 'ALREADY_AWARDED', message: ALREADY_AWARDED_MESSAGE });
  });
});

describe('decideAward: split', () => {
  const split = (lines: [string, string][]): AwardChoice => ({
    kind: 'SPLIT',
    lines: lines.map(([lineId, offerId]) => ({ lineId, offerId })),
  });

  it.each<[string, [string, string][], ReturnType<typeof decideAward>]>([
    [
      'two suppliers, suffixes in the order of the offers',
      [
        ['l3', 'b'],
        ['l1', 'a'],
        ['l2', 'b'],
      ],
      {
        ok: true,
        awarded: [
          { offerId: 'a', lineIds: ['l1'], suffix: '-A' },
          { offerId: 'b', lineIds: ['l3', 'l2'], suffix: '-B' },
        ],
        declined: ['c'],
      },
    ],
    [
      'some lines left out',
      [['l1', 'c']],
      { ok: true, awarded: [{ offerId: 'c', lineIds: ['l1'], suffix: '-A' }], declined: ['a', 'b'] },
    ],
  ])('%s', (_case, lines, expected) => {
    expect(decideAward(ctx([A, B, C]), split(lines))).toEqual(expected);
  });

  it.each<[string, AwardOfferFacts[], [string, string][], string]>([
    ['no line chosen', [A, B], [], 'NO_LINES'],
    [
      'one line twice',
      [A, B],
      [
        ['l1', 'a'],
        ['l1', 'b'],
      ],
      'DUPLICATE_LINE',
    ],
    ['a line the offer does not have', [A, C], [['l2', 'c']], 'LINE_NOT_OFFERED'],
    ['after a whole award', [open('a', { state: 'ACCEPTED' }), B], [['l1', 'b']], 'ALREADY_AWARDED'],
    [
      'after a split award',
      [open('a', { state: 'ACCEPTED' }), open('b', { state: 'CONFIRMED' }), C],
      [['l1', 'c']],
      'ALREADY_AWARDED',
    ],
    [
      'an expired part',
      [A, open('b', { validUntil: '2030-05-01' })],
      [
        ['l1', 'a'],
        ['l2', 'b'],
      ],
      'EXPIRED',
    ],
    [
      'a declined part',
      [A, open('b', { state: 'DECLINED' })],
      [
        ['l1', 'a'],
        ['l2', 'b'],
      ],
      'NOT_OPEN',
    ],
  ])('refuses: %s', (_case, offers, lines, reason) => {
    const decision = decideAward(ctx(offers), split(lines));
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.reason).toBe(reason);
  });
});

describe('splitSuffix', () => {
  it.each([
    [0, '-A'],
    [1, '-B'],
    [25, '-Z'],
    [26, '-AA'],
    [27, '-AB'],
  ])('%i -> %s', (index, suffix) => {
    expect(splitSuffix(index)).toBe(suffix);
  });
});

describe('choosing per line', () => {
  const line = (
    lineId: string,
    offers: [string, number | null, number | null][],
    manufacturerName = 'Phoenix',
    discountGroup: string | null = 'KL',
  ): AwardLineOption => ({
    lineId,
    manufacturerName,
    discountGroup,
    offers: offers.map(([offerId, pricePerPiece, deliveryTime]) => ({
      offerId,
      pricePerPiece,
      deliveryTime,
    })),
  });
  const lines = [
    line('l1', [
      ['a', 2.5, 10],
      ['b', 2.4, 20],
    ]),
    line('l2', [
      ['a', 7, 5],
      ['b', 7, 3],
    ]),
    line('l3', [
      ['a', null, 1],
      ['b', null, 2],
    ]),
    line(
      'l4',
      [
        ['a', 100, null],
        ['b', 120, 4],
      ],
      'Siemens',
      'AN',
    ),
  ];

  it.each<[string, typeof cheapestOffer, [string, string][]]>([
    [
      'günstigster je Zeile (tie -> shorter lead time; unpriced lines open)',
      cheapestOffer,
      [
        ['l1', 'b'],
        ['l2', 'b'],
        ['l4', 'a'],
      ],
    ],
    [
      'kürzeste Lieferzeit je Zeile (unknown lead time never wins)',
      fastestOffer,
      [
        ['l1', 'a'],
        ['l2', 'b'],
        ['l4', 'b'],
      ],
    ],
  ])('%s', (_case, pick, expected) => {
    expect(choosePerLine(lines, pick)).toEqual(expected.map(([lineId, offerId]) => ({ lineId, offerId })));
  });

  it.each<[string, 'manufacturerName' | 'discountGroup', string, string, [string, string][]]>([
    [
      'a manufacturer to one supplier',
      'manufacturerName',
      'Siemens',
      'b',
      [
        ['l1', 'a'],
        ['l4', 'b'],
      ],
    ],
    [
      'a discount group, unpriced lines skipped',
      'discountGroup',
      'KL',
      'b',
      [
        ['l1', 'b'],
        ['l4', 'a'],
        ['l2', 'b'],
      ],
    ],
    [
      'an unknown group changes nothing',
      'discountGroup',
      'XX',
      'b',
      [
        ['l1', 'a'],
        ['l4', 'a'],
      ],
    ],
  ])('%s', (_case, group, value, offerId, expected) => {
    const earlier = [
      { lineId: 'l1', offerId: 'a' },
      { lineId: 'l4', offerId: 'a' },
    ];
    expect(chooseByGroup(lines, group, value, offerId, earlier)).toEqual(
      expected.map(([lineId, id]) => ({ lineId, offerId: id })),
    );
  });
});
