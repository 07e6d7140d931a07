import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  articles,
  articleWholesalerInfos,
  discountGroupNames,
  discountGroups,
  discountGroupWholesalerDiscounts,
  importConfigs,
  manufacturerNames,
  manufacturers,
  unitNames,
  units,
} from '../../db/schema';

/**
 * The field values known by several names (SPEC §5): manufacturers, units and discount groups. One
 * descriptor per kind tells the shared code (names, search, list, delete, combine) which tables to use.
 */
export interface NamedKind {
  entity: 'MANUFACTURER' | 'UNIT' | 'DISCOUNT_GROUP';
  table: typeof manufacturers | typeof units | typeof discountGroups;
  id: PgColumn;
  displayName: PgColumn;
  nameVariants: PgColumn;
  updatedAt: PgColumn;
  /** Manufacturers only: the abbreviation is a searchable name too. */
  abbreviation?: PgColumn;
  /** Discount groups only: names are unique per manufacturer. */
  scope?: PgColumn;
  names: {
    table: typeof manufacturerNames | typeof unitNames | typeof discountGroupNames;
    itemId: PgColumn;
    nameLower: PgColumn;
    scope?: PgColumn;
  };
  /** The article column counted as usedByArticleAmount. */
  articleColumn: PgColumn;
  /**
   * Every column that references an item of this kind: a referenced item cannot be deleted (SPEC §5) and
   * combine points these columns to the survivor (SPEC §4). Later areas (import configurations, BOM lines)
   * add their columns here.
   */
  references: PgColumn[];
  /**
   * Columns that follow the survivor on combine but do not block deletion (their foreign key clears them),
   * e.g. the import configurations' manufacturer and default unit.
   */
  combineOnly: PgColumn[];
}

export const MANUFACTURER_KIND: NamedKind = {
  entity: 'MANUFACTURER',
  table: manufacturers,
  id: manufacturers.id,
  displayName: manufacturers.displayName,
  nameVariants: manufacturers.nameVariants,
  updatedAt: manufacturers.updatedAt,
  abbreviation: manufacturers.abbreviation,
  names: {
    table: manufacturerNames,
    itemId: manufacturerNames.itemId,
    nameLower: manufacturerNames.nameLower,
  },
  articleColumn: articles.manufacturerId,
  references: [articles.manufacturerId, discountGroups.manufacturerId],
  combineOnly: [importConfigs.manufacturerId],
};

export const UNIT_KIND: NamedKind = {
  entity: 'UNIT',
  table: units,
  id: units.id,
  displayName: units.displayName,
  nameVariants: units.nameVariants,
  updatedAt: units.updatedAt,
  names: { table: unitNames, itemId: unitNames.itemId, nameLower: unitNames.nameLower },
  articleColumn: articles.unitId,
  references: [articles.unitId],
  combineOnly: [importConfigs.defaultUnitId],
};

export const DISCOUNT_GROUP_KIND: NamedKind = {
  entity: 'DISCOUNT_GROUP',
  table: discountGroups,
  id: discountGroups.id,
  displayName: discountGroups.displayName,
  nameVariants: discountGroups.nameVariants,
  updatedAt: discountGroups.updatedAt,
  scope: discountGroups.manufacturerId,
  names: {
    table: discountGroupNames,
    itemId: discountGroupNames.itemId,
    nameLower: discountGroupNames.nameLower,
    scope: discountGroupNames.manufacturerId,
  },
  articleColumn: articles.discountGroupId,
  references: [articles.discountGroupId],
  combineOnly: [],
};

/** Wholesalers are referenced by article wholesaler infos and by discount groups' wholesaler discounts. */
export const WHOLESALER_REFERENCES: PgColumn[] = [
  articleWholesalerInfos.wholesalerId,
  discountGroupWholesalerDiscounts.wholesalerId,
];

export const ECLASS_REFERENCES: PgColumn[] = [articles.eclassId];
