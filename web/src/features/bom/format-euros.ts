import { germanWholeEuros } from '@portal/domain/rules/german-number';

/** SPEC §9: the estimate is shown in whole euros ("1.234 €"), German notation. */
export function formatEuros(value: number): string {
  return germanWholeEuros(value);
}
