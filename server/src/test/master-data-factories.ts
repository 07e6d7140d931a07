import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { articles, articleWholesalerInfos } from '../db/schema';
import { insertDiscountGroup } from '../modules/discountgroup';
import { insertEclassEntry } from '../modules/eclass';
import { insertManufacturer } from '../modules/manufacturer';
import { insertUnit } from '../modules/unit';
import { insertWholesaler } from '../modules/wholesaler';

/** Field values and articles for route tests; names are unique per call unless given. */

function unique(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

export async function createManufacturer(
  db: Db,
  values: {
    displayName?: string;
    nameVariants?: string[];
    abbreviation?: string | null;
    link?: string | null;
  } = {},
) {
  return db.transaction((tx) =>
    insertManufacturer(tx, {
      displayName: values.displayName ?? unique('Hersteller'),
      nameVariants: values.nameVariants ?? [],
      abbreviation: values.abbreviation ?? null,
      link: values.link ?? null,
    }),
  );
}

export async function createUnit(db: Db, values: { displayName?: string; nameVariants?: string[] } = {}) {
  return db.transaction((tx) =>
    insertUnit(tx, {
      displayName: values.displayName ?? unique('Einheit'),
      nameVariants: values.nameVariants ?? [],
    }),
  );
}

export async function createWholesaler(db: Db, values: { displayName?: string } = {}) {
  return insertWholesaler(db, values.displayName ?? unique('Großhändler'));
}

export async function createDiscountGroup(
  db: Db,
  values: {
    manufacturerId: string;
    displayName?: string;
    nameVariants?: string[];
    percent?: number;
    wholesalerDiscounts?: { wholesalerId: string; percent: number }[];
  },
) {
  const id = await db.transaction((tx) =>
    insertDiscountGroup(tx, {
      manufacturerId: values.manufacturerId,
      displayName: values.displayName ?? unique('Gruppe'),
      nameVariants: values.nameVariants ?? [],
      percent: values.percent ?? 30,
      wholesalerDiscounts: values.wholesalerDiscounts ?? [],
    }),
  );
  return { id, manufacturerId: values.manufacturerId };
}

export async function createEclassEntry(
  db: Db,
  values: { eclassNumber?: string; description?: string; workTime?: number } = {},
) {
  return insertEclassEntry(db, {
    eclassNumber: values.eclassNumber ?? String(randomInt(10_000_000, 100_000_000)),
    description: values.description ?? unique('E-Class'),
    workTime: values.workTime ?? 0,
    firstLevelOrder: 1,
    secondLevelOrder: 1,
  });
}

/**
 * An article referencing field values (SPEC §3 Article). Without a manufacturer one is created; wholesaler
 * infos are written with it.
 */
export async function createArticle(
  db: Db,
  values: Partial<typeof articles.$inferInsert> & {
    wholesalerInfos?: { wholesalerId: string; orderNumber?: string; purchasePrice?: number }[];
  } = {},
) {
  const { wholesalerInfos = [], ...article } = values;
  const manufacturerId = article.manufacturerId ?? (await createManufacturer(db)).id;
  const [row] = await db
    .insert(articles)
    .values({
      orderNumber: unique('B').replace(' ', '-'),
      manufacturerNumber: unique('H').replace(' ', '-'),
      description: 'Testartikel',
      ...article,
      manufacturerId,
    })
    .returning();
  if (wholesalerInfos.length > 0) {
    await db.insert(articleWholesalerInfos).values(
      wholesalerInfos.map((info) => ({
        articleId: row!.id,
        wholesalerId: info.wholesalerId,
        orderNumber: info.orderNumber ?? null,
        purchasePrice: info.purchasePrice ?? null,
      })),
    );
  }
  return row!;
}
