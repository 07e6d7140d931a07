import { canManageMasterData, canUseBomImport } from '@portal/domain/permissions';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { type AdminBomRow, findAdminBom } from './admin-bom.repository';

/**
 * SPEC §2, §6: the BOM import is the operator's (canUseBomImport: company type ADMIN, with or without
 * admin flag). Its results belong to the whole operator (one shared history). Everyone else is refused the
 * calls (403) and learns nothing about a result by its id (404, as for a result that does not exist).
 */
export function requireBomImport(actor: RequestActor): void {
  if (!canUseBomImport(actor)) throw new AppError('FORBIDDEN');
}

/**
 * SPEC §6: an unknown manufacturer name of a result becomes master data (a new manufacturer or a name
 * variant), which every company's BOMs are matched with; only the operator's administrators change master
 * data (canManageMasterData). Its staff and everyone else are refused (403), before anything is looked up.
 */
export function requireMasterDataChange(actor: RequestActor): void {
  if (!canManageMasterData(actor)) throw new AppError('FORBIDDEN');
}

/** A result the actor may read; 404 ADMIN_BOM_NOT_FOUND for a missing one and for everyone but the operator. */
export async function readableAdminBom(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminBomRow> {
  if (!canUseBomImport(actor)) throw new AppError('ADMIN_BOM_NOT_FOUND');
  const row = await findAdminBom(db, id, options);
  if (!row) throw new AppError('ADMIN_BOM_NOT_FOUND');
  return row;
}

/** A result the actor may change (header, map); 403 for everyone but the operator, then 404 when missing. */
export async function manageableAdminBom(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminBomRow> {
  requireBomImport(actor);
  return readableAdminBom(db, actor, id, options);
}
