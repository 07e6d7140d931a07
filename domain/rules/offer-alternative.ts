/**
 * How an offer line's alternative is named beside the customer's original ("Alternative: Siemens AG
 * 3RT2016-1BB42 statt Siemens AG 3RT2015-1BB41"): manufacturer and order number (else the manufacturer's
 * number) of the alternative, and of the line's matched article, else as the BOM line wrote it.
 */

interface Named {
  manufacturerName: string | null;
  orderNumber: string | null;
  manufacturerNumber: string | null;
}

export function articleName(article: Named): string {
  const number = article.orderNumber ?? article.manufacturerNumber;
  return [article.manufacturerName, number].filter(Boolean).join(' ') || '–';
}

export function alternativeText(line: Named & { matchedArticle: Named | null }, alternative: Named): string {
  return `Alternative: ${articleName(alternative)} statt ${articleName(line.matchedArticle ?? line)}`;
}
