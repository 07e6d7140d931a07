import { canManagePricing } from '@portal/domain/permissions';
import type { PricingSettingsResponse, pricingSettingsBody } from '@portal/domain/schemas/pricing';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { discountGroups, supplierPricing, wholesalers } from '../../db/schema';
import { AppError } from '../../errors';
import {
  countExisting,
  findPricingChoices,
  findSupplierDiscounts,
  findSupplierPricing,
  insertSupplierPricing,
  replaceSupplierDiscounts,
  updateSupplierPricing,
} from './pricing.repository';

type PricingSettingsBody = z.output<typeof pricingSettingsBody>;

function assertCanManage(actor: RequestActor) {
  if (!canManagePricing(actor)) throw new AppError('FORBIDDEN');
}

/**
 * A supplier company's pricing settings (its wholesaler of choice, own discounts per discount group, default
 * markup): read and written by the company's administrators only; every other actor gets 403. The page saves
 * on the state it loaded, so a colleague's save in between is never overwritten (409).
 */
export function createPricingService(deps: { db: Db }) {
  const { db } = deps;

  async function read(tx: DbOrTx, companyId: string): Promise<PricingSettingsResponse> {
    const [settings, discounts, choices] = await Promise.all([
      findSupplierPricing(tx, companyId),
      findSupplierDiscounts(tx, companyId),
      findPricingChoices(tx),
    ]);
    return {
      wholesalerId: settings?.wholesalerId ?? null,
      markupPercent: settings?.markupPercent ?? 0,
      discounts,
      ...choices,
      lastUpdate: settings?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    async get(actor: RequestActor): Promise<PricingSettingsResponse> {
      assertCanManage(actor);
      return read(db, actor.companyId);
    },

    async save(actor: RequestActor, body: PricingSettingsBody): Promise<PricingSettingsResponse> {
      assertCanManage(actor);
      const groupIds = body.discounts.map((discount) => discount.discountGroupId);
      return db.transaction(async (tx) => {
        if (body.wholesalerId && (await countExisting(tx, wholesalers, [body.wholesalerId])) === 0) {
          throw new AppError('VALIDATION', 'Diesen Großhändler gibt es nicht mehr.', {
            issues: [{ path: 'wholesalerId', message: 'Diesen Großhändler gibt es nicht mehr.' }],
          });
        }
        if ((await countExisting(tx, discountGroups, groupIds)) !== groupIds.length) {
          throw new AppError('VALIDATION', 'Eine der Rabattgruppen gibt es nicht mehr.', {
            issues: [{ path: 'discounts', message: 'Eine der Rabattgruppen gibt es nicht mehr.' }],
          });
        }
        const values = { wholesalerId: body.wholesalerId, markupPercent: body.markupPercent };
        const current = await findSupplierPricing(tx, actor.companyId, { lock: true });
        if (current) {
          // A page that loaded "never saved" while a colleague saved since is outdated as well.
          const loaded = body.lastUpdate ?? new Date(0).toISOString();
          const updatedAt = await claimLoadedState(tx, supplierPricing, current.id, {
            lastUpdate: loaded,
            userId: actor.userId,
          });
          await updateSupplierPricing(tx, current.id, { ...values, updatedAt });
        } else if (body.lastUpdate !== null) {
          // Settings the page saw were removed since (the company's settings never go away otherwise).
          throw new AppError(
            'CHANGED_MEANWHILE',
            'Die Einstellungen wurden inzwischen geändert. Bitte laden Sie die Seite neu.',
          );
        } else if (
          !(await insertSupplierPricing(tx, {
            companyId: actor.companyId,
            ...values,
            updatedBy: actor.userId,
          }))
        ) {
          throw new AppError(
            'CHANGED_MEANWHILE',
            'Die Einstellungen wurden inzwischen von einem Kollegen gespeichert. Bitte laden Sie die Seite neu.',
          );
        }
        await replaceSupplierDiscounts(tx, actor.companyId, body.discounts);
        return read(tx, actor.companyId);
      });
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
