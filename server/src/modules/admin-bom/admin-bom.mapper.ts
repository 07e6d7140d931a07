import { FILE_FOLDERS } from '@portal/domain/permissions';
import { proposeBomMapping } from '@portal/domain/rules/header-detection';
import { withSuppliedPartColumn } from '@portal/domain/rules/supplied-part-proposal';
import { type AdminBom, type AdminBomListItem, bomSuccessRate } from '@portal/domain/schemas/admin-bom';
import type { BomLineCounts } from '@portal/domain/schemas/bom';
import type { AdminBomRow } from './admin-bom.repository';

/** Storage keys and response shapes of the operator's BOM import results. */

/** A result's file lies under a generated key (result id and a fresh id), never the user's file name. */
export function adminBomKey(adminBomId: string, fileId: string): string {
  return `${FILE_FOLDERS.adminBom}${adminBomId}/${fileId}`;
}

export function toAdminBom(row: AdminBomRow, lineCounts: BomLineCounts | null): AdminBom {
  const proposal = withSuppliedPartColumn(proposeBomMapping(row.headers), row.suppliedPartProposal);
  return {
    id: row.id,
    bomFileName: row.filename,
    size: row.size,
    headerRowIndex: row.headerRowIndex,
    headers: row.headers,
    proposedMapping: proposal.mapping,
    proposedSuppliedPartString: proposal.suppliedPartString,
    fieldMapping: row.mapping ?? null,
    suppliedPartString: row.suppliedPartText,
    lineCounts,
    successRate: lineCounts ? bomSuccessRate(lineCounts.byStatus.MATCHED, lineCounts.total) : null,
    createDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
  };
}

export function toAdminBomListItem(
  row: { bom: AdminBomRow; firstName: string | null; lastName: string | null },
  totals: { total: number; matched: number } | undefined,
): AdminBomListItem {
  const mapped = row.bom.mapping !== null;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return {
    id: row.bom.id,
    bomFileName: row.bom.filename,
    createDate: row.bom.createdAt.toISOString(),
    lineCount: mapped ? (totals?.total ?? 0) : null,
    successRate: mapped ? bomSuccessRate(totals?.matched ?? 0, totals?.total ?? 0) : null,
    createdByName: name || null,
  };
}
