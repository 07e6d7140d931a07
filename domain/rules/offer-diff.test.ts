import { describe, expect, it } from 'vitest';
import { defaultTechnicalSpec } from '../schemas/technical-spec';
import {
  diffOfferVersions,
  type OfferArticleFacts,
  type OfferVersionFacts,
  offerArticleKey,
  offerArticleLabel,
  technicalChangesDetected,
} from './offer-diff';

const article = (extra: Partial<OfferArticleFacts> = {}): OfferArticleFacts => ({
  originLineId: 'line-1',
  orderNumber: '3RT2015-1BB41',
  manufacturerNumber: null,
  bmk: '-K1',
  quantity: 4,
  pricePerPiece: 21.8,
  ...extra,
});

const version = (extra: Partial<OfferVersionFacts> = {}): OfferVersionFacts => ({
  price: 12500,
  desiredDeliveryDate: '2030-06-01',
  deliveryCondition: 'EXW',
  technicalSpec: defaultTechnicalSpec(),
  articles: [article(), article({ originLineId: 'line-2', orderNumber: '2902991', bmk: '-G1', quantity: 1 })],
  ...extra,
});

// Intl writes a no-break space between amount and euro sign.
const euros = (text: string) => text.replace(' €', '\u00a0€');

describe('diffOfferVersions', () => {
  it('finds nothing between equal versions (prices compared in cents)', () => {
    expect(diffOfferVersions(version(), version())).toEqual([]);
    expect(diffOfferVersions(version({ price: 10.1 }), version({ price: 10.100000001 }))).toEqual([]);
  });

  it('lists price, desired delivery date and delivery condition with German labels and values', () => {
    const changes = diffOfferVersions(
      version(),
      version({ price: 11990.5, desiredDeliveryDate: '2030-07-15', deliveryCondition: 'DAP' }),
    );
    expect(changes).toEqual([
      {
        kind: 'offer',
        field: 'price',
        label: 'Preis',
        before: 12500,
        after: 11990.5,
        beforeText: euros('12.500,00 €'),
        afterText: euros('11.990,50 €'),
      },
      {
        kind: 'offer',
        field: 'desiredDeliveryDate',
        label: 'Wunschliefertermin',
        before: '2030-06-01',
        after: '2030-07-15',
        beforeText: '01.06.2030',
        afterText: '15.07.2030',
      },
      {
        kind: 'offer',
        field: 'deliveryCondition',
        label: 'Lieferbedingung',
        before: 'EXW',
        after: 'DAP',
        beforeText: 'Ab Werk (EXW)',
        afterText: 'Geliefert benannter Ort (DAP)',
      },
    ]);
  });

  it('shows a missing value as "–"', () => {
    const [change] = diffOfferVersions(version({ price: null }), version());
    expect(change).toMatchObject({ field: 'price', beforeText: '–', afterText: euros('12.500,00 €') });
    const [day] = diffOfferVersions(version(), version({ desiredDeliveryDate: null }));
    expect(day).toMatchObject({ beforeText: '01.06.2030', afterText: '–' });
  });

  it('lists technical fields through diffTechnicalSpec, with German labels', () => {
    const technicalSpec = {
      ...defaultTechnicalSpec(),
      packaging: 'INDIVIDUAL' as const,
      packagingIndividual: 'Gitterbox',
    };
    expect(diffOfferVersions(version(), version({ technicalSpec }))).toEqual([
      {
        kind: 'technical',
        field: 'packaging',
        label: 'Verpackung',
        before: 'EURO_BOX',
        after: 'INDIVIDUAL',
        beforeText: 'Europalette',
        afterText: 'Individuell',
      },
      {
        kind: 'technical',
        field: 'packagingIndividual',
        label: 'Verpackung (individuell)',
        before: null,
        after: 'Gitterbox',
        beforeText: '–',
        afterText: 'Gitterbox',
      },
    ]);
    // A value that does not apply on either side is no change (the wrap is disabled without packaging).
    const noPackaging = { ...defaultTechnicalSpec(), packaging: 'NONE' as const };
    expect(
      diffOfferVersions(
        version({ technicalSpec: noPackaging }),
        version({ technicalSpec: { ...noPackaging, packagingWrap: 'INDIVIDUAL' } }),
      ),
    ).toEqual([]);
  });

  it('lists changed quantity and price per piece of an article matched by its line of origin', () => {
    const next = version({
      articles: [
        // Order changed and order number corrected: still the same line of origin.
        article({ originLineId: 'line-2', orderNumber: '2902991', bmk: '-G1', quantity: 1 }),
        article({ orderNumber: '3RT2015-1BB42', quantity: 6, pricePerPiece: 19.9 }),
      ],
    });
    expect(diffOfferVersions(version(), next)).toEqual([
      {
        kind: 'articleChanged',
        field: 'quantity',
        articleKey: 'line:line-1',
        label: 'Artikel 3RT2015-1BB41 (-K1): Menge',
        before: 4,
        after: 6,
        beforeText: '4',
        afterText: '6',
      },
      {
        kind: 'articleChanged',
        field: 'pricePerPiece',
        articleKey: 'line:line-1',
        label: 'Artikel 3RT2015-1BB41 (-K1): Preis pro Stück',
        before: 21.8,
        after: 19.9,
        beforeText: euros('21,80 €'),
        afterText: euros('19,90 €'),
      },
    ]);
  });

  it('lists removed and added articles; added ones without origin are matched by order number + BMK', () => {
    const extra = article({
      originLineId: null,
      orderNumber: 'PT 2,5',
      bmk: '-X1',
      quantity: 12.5,
      pricePerPiece: 0.85,
    });
    const previous = version({ articles: [article(), { ...extra }] });
    const next = version({
      articles: [
        // the same added article again, case and spaces aside: no change
        { ...extra, orderNumber: ' pt 2,5 ', bmk: '-x1' },
        article({ originLineId: null, orderNumber: 'NEU-1', bmk: null, quantity: 2, pricePerPiece: null }),
      ],
    });
    expect(diffOfferVersions(previous, next)).toEqual([
      {
        kind: 'articleRemoved',
        field: 'article',
        articleKey: 'line:line-1',
        label: 'Artikel 3RT2015-1BB41 (-K1) entfernt',
        before: 'Artikel 3RT2015-1BB41 (-K1)',
        after: null,
        beforeText: euros('4 × 21,80 €'),
        afterText: '–',
      },
      {
        kind: 'articleAdded',
        field: 'article',
        articleKey: 'number:neu-1|',
        label: 'Artikel NEU-1 hinzugefügt',
        before: null,
        after: 'Artikel NEU-1',
        beforeText: '–',
        afterText: '2 × –',
      },
    ]);
  });

  it('pairs repeated keys in order and reports the surplus', () => {
    const twin = article({ originLineId: null, orderNumber: 'A', bmk: null, quantity: 1 });
    const changes = diffOfferVersions(
      version({ articles: [twin, { ...twin, quantity: 2 }] }),
      version({ articles: [twin, { ...twin, quantity: 3 }, { ...twin, quantity: 5 }] }),
    );
    expect(changes.map((change) => [change.kind, change.field, change.beforeText, change.afterText])).toEqual(
      [
        ['articleChanged', 'quantity', '2', '3'],
        ['articleAdded', 'article', '–', euros('5 × 21,80 €')],
      ],
    );
  });

  it('puts offer fields first, then technical fields, then articles', () => {
    const changes = diffOfferVersions(
      version(),
      version({
        price: 1,
        technicalSpec: { ...defaultTechnicalSpec(), regulation: 'UL' },
        articles: [article({ quantity: 5 })],
      }),
    );
    expect(changes.map((change) => change.kind)).toEqual([
      'offer',
      'technical',
      'articleChanged',
      'articleRemoved',
    ]);
  });
});

describe('article key and label', () => {
  it('prefers the line of origin, else order number + BMK', () => {
    expect(offerArticleKey(article())).toBe('line:line-1');
    expect(offerArticleKey(article({ originLineId: null, orderNumber: ' AB ', bmk: '-K2' }))).toBe(
      'number:ab|-k2',
    );
    expect(offerArticleKey(article({ originLineId: null, orderNumber: null, bmk: null }))).toBe('number:|');
  });

  it('names the article by order number, else manufacturer number', () => {
    expect(offerArticleLabel(article({ bmk: null }))).toBe('Artikel 3RT2015-1BB41');
    expect(offerArticleLabel(article({ orderNumber: null, manufacturerNumber: 'M-1' }))).toBe(
      'Artikel M-1 (-K1)',
    );
    expect(offerArticleLabel(article({ orderNumber: ' ', manufacturerNumber: null, bmk: null }))).toBe(
      'Artikel ohne Nummer',
    );
  });
});

describe('technicalChangesDetected', () => {
  it('is set when the offer differs from the enquiry', () => {
    expect(technicalChangesDetected(defaultTechnicalSpec(), defaultTechnicalSpec())).toBe(false);
    expect(
      technicalChangesDetected(defaultTechnicalSpec(), { ...defaultTechnicalSpec(), regulation: 'ATEX' }),
    ).toBe(true);
  });
});
