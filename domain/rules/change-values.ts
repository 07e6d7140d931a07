/**
 * SPEC §3 changeEntries keep old and new values as text, written as the program sees them ('true', '55.52',
 * 'CUSTOMER'). This rule says how a person reads each field: yes/no, a German number, a label.
 */

/** How a recorded value of a field is shown. */
export type ChangeValueKind = 'text' | 'yesNo' | 'number' | 'companyType' | 'wholesalerInfos' | 'company';

const YES_NO_FIELDS = ['active', 'pendingRegistration', 'admin', 'rohs'];
const NUMBER_FIELDS = [
  // E-Class
  'workTime',
  'firstLevelOrder',
  'secondLevelOrder',
  // article
  'deliveryTime',
  'packagingUnitSize',
  'priceUnitSize',
  'orderQuantityUnitSize',
  'minimumOrderQuantityUnitSize',
  'width',
  'height',
  'depth',
  'weight',
  'purchasePrice',
  'listPrice',
  'copperBaseValue',
  'copperWeight',
  // discount group
  'percent',
];

/**
 * The kind of a recorded field (the field names of companies, users, articles, E-Class entries and the named
 * field values are distinct). A discount group's wholesaler discounts read like an article's wholesaler
 * prices ('Name 12.5; Name 3').
 */
export function changeValueKind(field: string): ChangeValueKind {
  if (YES_NO_FIELDS.includes(field)) return 'yesNo';
  if (NUMBER_FIELDS.includes(field)) return 'number';
  if (field === 'type') return 'companyType';
  if (field === 'wholesalerInfos' || field === 'wholesalerDiscounts') return 'wholesalerInfos';
  if (field === 'companyId') return 'company';
  return 'text';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface ChangeValueFormat {
  yes: string;
  no: string;
  number: (value: number) => string;
  companyType: (type: string) => string;
}

/**
 * The recorded value as a person reads it. A value that does not fit its kind (an old entry, a deleted
 * reference) is shown as it was recorded.
 */
export function presentChangeValue(field: string, value: string, format: ChangeValueFormat): string {
  switch (changeValueKind(field)) {
    case 'yesNo':
      return value === 'true' ? format.yes : value === 'false' ? format.no : value;
    case 'number':
      return DECIMAL.test(value) ? format.number(Number(value)) : value;
    case 'companyType':
      return format.companyType(value);
    case 'wholesalerInfos':
      // 'Name Bestellnummer 55.52; Name 49.9': the price is the last word of each wholesaler's part.
      return value
        .split('; ')
        .map((part) =>
          part.replace(
            /(^|\s)(-?\d+\.\d+)$/,
            (_, space: string, price: string) => `${space}${format.number(Number(price))}`,
          ),
        )
        .join('; ');
    default:
      return value;
  }
}
