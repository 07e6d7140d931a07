import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  AdminBom,
  AdminBomListResponse,
  adminBomListQuery,
  adminBomMapBody,
} from '@portal/domain/schemas/admin-bom';
import type { BomLinesPage, BomSummedResponse, bomLinesPageQuery } from '@portal/domain/schemas/bom-lines';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import {
  allBomLines,
  bomLinesPage,
  checkMappingFits,
  countBomLines,
  readChosenBomHeader,
  readUploadedBomHeader,
  sameHeaders,
  storeBomUpload,
  storeConfirmedMapping,
  summedBom,
} from '../bom';
import { adminBomKey, toAdminBom, toAdminBomListItem } from './admin-bom.mapper';
import { manageableAdminBom, readableAdminBom, requireBomImport } from './admin-bom.policy';
import {
  type AdminBomRow,
  deleteAdminBoms,
  insertAdminBom,
  lineTotals,
  lockAdminBoms,
  pageAdminBoms,
  updateAdminBom,
} from './admin-bom.repository';
import { adminBomWorkbook, exportFileName } from './admin-bom-export';

export interface StoredAdminBom {
  adminBomId: string;
  storageKey: string;
  filename: string;
  size: number;
}

type AdminBomMap = z.output<typeof adminBomMapBody>;

const EMPTY_PAGE: BomLinesPage = {
  content: [],
  totalElements: 0,
  counts: {
    total: 0,
    byStatus: { MATCHED: 0, NOT_FOUND: 0, DUPLICATE: 0, WRONG_UNIT: 0, MISSING_VALUES: 0, SUPPLIED: 0 },
  },
};

/**
 * SPEC §2 /import/stueckliste: the operator's BOM import without an enquiry. Each upload
 * is a new result of the shared history: the file streams into the storage under `admin-bom/<id>/<uuid>`
 * with its first bytes checked against the extension, its header row is proposed (or taken as given), and
 * the mapping the operator confirms reads the lines and matches them against the catalog (the bom module),
 * as the enquiry's BOM does. Re-mapping replaces the lines; delete removes results, lines and files.
 */
export function createAdminBomService(deps: {
  db: Db;
  storage: FileStorage;
  /** PGlite: the lines' statements take turns (bom/bom-lines.service.ts). */
  embedded: boolean;
}) {
  const { db, storage } = deps;

  async function present(tx: DbOrTx, row: AdminBomRow): Promise<AdminBom> {
    const counts = row.mapping ? await countBomLines(tx, { adminBomId: row.id }) : null;
    return toAdminBom(row, counts);
  }

  return {
    /** Before any byte is stored: only the operator uploads (403). */
    checkUpload(actor: RequestActor): void {
      requireBomImport(actor);
    },

    /**
     * Streams the upload into the storage under a new result id. Refuses a format other than .xlsx, .xls,
     * .csv (415), a content that does not fit the extension (415) and a file over the limit (413); nothing
     * is kept then.
     */
    async store(sentName: string, stream: Readable): Promise<StoredAdminBom> {
      const adminBomId = randomUUID();
      const stored = await storeBomUpload(storage, adminBomKey(adminBomId, randomUUID()), sentName, stream);
      return { adminBomId, ...stored };
    },

    /** Removes a stored upload that will not be recorded (a field after the file was invalid). */
    async discard(stored: StoredAdminBom): Promise<void> {
      await storage.remove(stored.storageKey).catch(() => false);
    },

    /**
     * Reads the stored upload's header (row `chosenRow`, else the proposed row) and records it as a new
     * result of the history. On any failure the upload is removed and nothing is recorded.
     */
    async attach(
      actor: RequestActor,
      stored: StoredAdminBom,
      chosenRow: number | undefined,
    ): Promise<AdminBom> {
      try {
        requireBomImport(actor);
        const header = await readUploadedBomHeader(storage, stored, chosenRow);
        const row = await insertAdminBom(db, {
          id: stored.adminBomId,
          storageKey: stored.storageKey,
          filename: stored.filename,
          size: stored.size,
          headerRowIndex: header.headerRowIndex,
          headers: header.headers,
          suppliedPartProposal: header.suppliedPart,
          mapping: null,
          suppliedPartText: null,
          createdBy: actor.userId,
        });
        return toAdminBom(row, null);
      } catch (error) {
        await storage.remove(stored.storageKey).catch(() => false);
        throw error;
      }
    },

    /**
     * "Kopfzeile übernehmen": the headers of row `headerRowIndex` of the stored file. The confirmed mapping
     * and its lines stay only when the headers are the same as before.
     */
    async changeHeader(actor: RequestActor, id: string, headerRowIndex: number): Promise<AdminBom> {
      const bom = await manageableAdminBom(db, actor, id);
      const header = await readChosenBomHeader(storage, bom, headerRowIndex);
      const row = await db.transaction(async (tx) => {
        const current = await readableAdminBom(tx, actor, id, { lock: true });
        const keep = sameHeaders(current.headers, header.headers);
        // Other headers: the mapping goes, and with it the lines (unmapped results show none; the rows
        // are removed with the next mapping's stale generations).
        return updateAdminBom(tx, id, {
          headerRowIndex: header.headerRowIndex,
          headers: header.headers,
          suppliedPartProposal: header.suppliedPart,
          mapping: keep ? current.mapping : null,
          suppliedPartText: keep ? current.suppliedPartText : null,
        });
      });
      return present(db, row);
    },

    /**
     * Stores the confirmed mapping and the result's lines, read with it and matched against the catalog
     * (before the transaction, as the enquiry's BOM does). 422 BOM_MAPPING_OUTDATED when the mapping was
     * made for another header row or names columns the header row lacks. Re-mapping replaces the lines.
     */
    async map(actor: RequestActor, body: AdminBomMap): Promise<AdminBom> {
      const read = await manageableAdminBom(db, actor, body.id);
      const row = await storeConfirmedMapping(
        deps,
        read,
        body,
        { adminBomId: read.id },
        async (tx, activate, { mapping, suppliedPartText }) => {
          const bom = await readableAdminBom(tx, actor, body.id, { lock: true });
          checkMappingFits(bom, body);
          await activate();
          return updateAdminBom(tx, bom.id, { mapping, suppliedPartText });
        },
      );
      return present(db, row);
    },

    async get(actor: RequestActor, id: string): Promise<AdminBom> {
      return present(db, await readableAdminBom(db, actor, id));
    },

    /** The history, newest first, with line count and success rate of each result. */
    async list(
      actor: RequestActor,
      query: z.output<typeof adminBomListQuery>,
    ): Promise<AdminBomListResponse> {
      requireBomImport(actor);
      const { rows, total } = await pageAdminBoms(db, query.page, query.paginationSize);
      const totals = await lineTotals(
        db,
        rows.map((row) => row.bom.id),
      );
      return {
        content: rows.map((row) => toAdminBomListItem(row, totals.get(row.bom.id))),
        totalElements: total,
      };
    },

    /** Removes the results with their lines (all or none: 404 when one is missing); files after the commit. */
    async remove(actor: RequestActor, ids: readonly string[]): Promise<void> {
      requireBomImport(actor);
      const unique = [...new Set(ids)];
      const removed = await db.transaction(async (tx) => {
        const rows = await lockAdminBoms(tx, unique);
        if (rows.length !== unique.length) throw new AppError('ADMIN_BOM_NOT_FOUND');
        await deleteAdminBoms(tx, unique);
        return rows;
      });
      for (const row of removed) await storage.remove(row.storageKey).catch(() => false);
    },

    async linesPage(
      actor: RequestActor,
      id: string,
      query: z.output<typeof bomLinesPageQuery>,
    ): Promise<BomLinesPage> {
      const bom = await readableAdminBom(db, actor, id);
      if (!bom.mapping) return EMPTY_PAGE;
      return bomLinesPage(
        db,
        { adminBomId: id },
        {
          page: query.page,
          size: query.paginationSize,
          column: query.column,
          descending: query.sortDescending,
          status: query.status,
          errorsOnly: query.errorsOnly,
        },
      );
    },

    async summed(actor: RequestActor, id: string): Promise<BomSummedResponse> {
      const bom = await readableAdminBom(db, actor, id);
      if (!bom.mapping) return { content: [], totalPrice: 0 };
      return summedBom(await allBomLines(db, { adminBomId: id }));
    },

    /** The original file of a result. */
    async download(actor: RequestActor, id: string) {
      const bom = await readableAdminBom(db, actor, id);
      try {
        return { bom, stream: await storage.open(bom.storageKey) };
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) throw new AppError('ADMIN_BOM_NOT_FOUND');
        throw error;
      }
    },

    /** "Alle herunterladen": the mapped result's lines and summed BOM as .xlsx (409 before the mapping). */
    async export(actor: RequestActor, id: string): Promise<{ filename: string; content: Buffer }> {
      const bom = await readableAdminBom(db, actor, id);
      if (!bom.mapping) throw new AppError('ADMIN_BOM_NOT_MAPPED');
      const rows = await allBomLines(db, { adminBomId: id });
      return { filename: exportFileName(bom.filename), content: adminBomWorkbook(rows) };
    },
  };
}

export type AdminBomService = ReturnType<typeof createAdminBomService>;
