import { describe, expect, it } from 'vitest';
import { alternativeText, articleName } from './offer-alternative';

const alternative = { manufacturerName: 'Siemens AG', orderNumber: '3RT2016-1BB42', manufacturerNumber: 'X' };

describe('alternativeText', () => {
  it('names the alternative instead of the matched article', () => {
    const line = {
      manufacturerName: 'Siemens',
      orderNumber: '3RT2015 1BB41',
      manufacturerNumber: null,
      matchedArticle: {
        manufacturerName: 'Siemens AG',
        orderNumber: '3RT2015-1BB41',
        manufacturerNumber: null,
      },
    };
    expect(alternativeText(line, alternative)).toBe(
      'Alternative: Siemens AG 3RT2016-1BB42 statt Siemens AG 3RT2015-1BB41',
    );
  });

  it('takes the BOM line as written when nothing is matched, and the manufacturer number without an order number', () => {
    const line = {
      manufacturerName: 'Phoenix',
      orderNumber: null,
      manufacturerNumber: '3209510',
      matchedArticle: null,
    };
    expect(alternativeText(line, alternative)).toBe(
      'Alternative: Siemens AG 3RT2016-1BB42 statt Phoenix 3209510',
    );
  });

  it('shows a dash for an article without any name or number', () => {
    expect(articleName({ manufacturerName: null, orderNumber: null, manufacturerNumber: null })).toBe('–');
  });
});
