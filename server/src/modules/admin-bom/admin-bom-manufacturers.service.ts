import type {
  AdminBomManufacturerNameResponse,
  adminBomManufacturerNameBody,
} from '@portal/domain/schemas/admin-bom';
import type { UnknownBomManufacturers } from '@portal/domain/schemas/bom-lines';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { countBomLines, hasManufacturerName, rematchResolvedNames, unknownManufacturerNames } from '../bom';
import { createManufacturerService } from '../manufacturer';
import { toAdminBom } from './admin-bom.mapper';
import { readableAdminBom, requireMasterDataChange } from './admin-bom.policy';

type ResolveBody = z.output<typeof adminBomManufacturerNameBody>;

const NO_NAMES: UnknownBomManufacturers = { total: 0, names: [] };

/**
 * SPEC §3 BOM line matching info, §5 name variants, on /import/stueckliste: the manufacturer names of a
 * result that the master data does not know (EPLAN's short codes such as PHO, SIE, HELU), and the operator
 * administrator's answer to one of them: a name variant of an existing manufacturer or a new manufacturer
 * (the manufacturer module's rules: trimmed, 409 NAME_TAKEN when used), after which the result's lines are
 * matched again so its counts and success rate show it at once.
 */
export function createAdminBomManufacturersService(deps: { db: Db }) {
  const { db } = deps;
  const manufacturers = createManufacturerService({ db });

  return {
    /** The result's unknown manufacturer names (the operator's staff read them too); none before the mapping. */
    async unknown(actor: RequestActor, id: string): Promise<UnknownBomManufacturers> {
      const bom = await readableAdminBom(db, actor, id);
      if (!bom.mapping) return NO_NAMES;
      return unknownManufacturerNames(db, { adminBomId: id });
    },

    /**
     * "als Variante von … zuordnen" (VARIANT) or "neu anlegen" (CREATE) of a name written on the result's
     * lines (404 for a name it does not carry), then the lines are matched again. The master data change is
     * committed first (the manufacturer service owns its transaction); should matching fail after it, the
     * next resolved name matches the lines of this one too.
     */
    async resolve(actor: RequestActor, body: ResolveBody): Promise<AdminBomManufacturerNameResponse> {
      requireMasterDataChange(actor);
      const bom = await readableAdminBom(db, actor, body.id);
      if (!bom.mapping) throw new AppError('ADMIN_BOM_NOT_MAPPED');
      const owner = { adminBomId: bom.id };
      if (!(await hasManufacturerName(db, owner, body.name))) {
        throw new AppError(
          'NOT_FOUND',
          `„${body.name}“ steht in keiner Zeile dieser Stückliste als Hersteller.`,
        );
      }
      const manufacturer =
        body.action === 'CREATE'
          ? await manufacturers.createNamed(actor, body.name)
          : await manufacturers.addVariant(actor, body.targetId, body.name);
      const rematchedLines = await rematchResolvedNames(db, owner);
      return {
        manufacturer: { id: manufacturer.id, displayName: manufacturer.displayName },
        rematchedLines,
        bom: toAdminBom(bom, await countBomLines(db, owner)),
        unknownManufacturers: await unknownManufacturerNames(db, owner),
      };
    },
  };
}

export type AdminBomManufacturersService = ReturnType<typeof createAdminBomManufacturersService>;
