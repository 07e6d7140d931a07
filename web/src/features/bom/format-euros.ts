/** SPEC §9: the estimate is shown in whole euros ("1.234 €"), German notation. */
const wholeEuros = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

export function formatEuros(value: number): string {
  return wholeEuros.format(value);
}
