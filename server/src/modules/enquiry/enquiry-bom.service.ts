import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { canWriteEnquiry } from '@portal/domain/permissions';
import { withSuppliedPartColumn } from '@portal/domain/rules/supplied-part-proposal';
import type { EnquiryBom } from '@portal/domain/schemas/bom';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { recordChanges } from '../audit';
import {
  checkMappingFits,
  countBomLines,
  readChosenBomHeader,
  readUploadedBomHeader,
  sameHeaders,
  storeBomUpload,
  storeConfirmedMapping,
} from '../bom';
import { manageableEnquiry, readableEnquiry } from './enquiry.policy';
import {
  bomHeadersKey,
  describeMapping,
  type EnquiryBomMap,
  enquiryBomKey,
  proposeMapping,
  type StoredBom,
  toEnquiryBom,
} from './enquiry-bom.mapper';
import {
  deleteBom,
  type EnquiryBomRow,
  findBom,
  replaceBom,
  updateBomHeader,
  updateBomMapping,
} from './enquiry-bom.repository';

/**
 * SPEC §2 BOM upload panel, §4 BOM: the BOM of a draft enquiry. The upload streams into the storage under a generated key
 * while its first bytes are checked against the extension (.xlsx, .xls, .csv); its header row is proposed
 * (or taken as given) and its headers stored with the row. A new upload replaces the earlier BOM, whose
 * file is removed only after the new one is recorded. A released enquiry's BOM is only downloaded (409).
 */
export function createEnquiryBomService(deps: {
  db: Db;
  storage: FileStorage;
  /** PGlite: the lines' statements take turns (bom/bom-lines.service.ts). */
  embedded: boolean;
}) {
  const { db, storage } = deps;

  /** The response of a BOM row, its proposal read with `tx` (the reuse of the company's last mapping). */
  async function present(tx: DbOrTx, row: EnquiryBomRow): Promise<EnquiryBom> {
    const counts = row.mapping ? await countBomLines(tx, { enquiryBomId: row.id }) : null;
    const proposal = withSuppliedPartColumn(await proposeMapping(tx, row), row.suppliedPartProposal);
    return toEnquiryBom(row, proposal, counts);
  }

  /** The customer's own draft; a released one answers 409 BOM_RELEASED (404 and 403 as the policy says). */
  async function draftEnquiry(tx: DbOrTx, actor: RequestActor, enquiryId: string, lock = false) {
    const found = await manageableEnquiry(tx, actor, enquiryId, { lock });
    if (!canWriteEnquiry(actor, found.enquiry)) throw new AppError('BOM_RELEASED');
    return found;
  }

  function audit(
    tx: DbOrTx,
    actor: RequestActor,
    enquiryId: string,
    field: string,
    from: unknown,
    to: unknown,
  ) {
    const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
    return recordChanges(tx, { entityType: 'ENQUIRY', entityId: enquiryId, userId: actor.userId }, [
      { field, oldValue: text(from), newValue: text(to) },
    ]);
  }

  return {
    /** Before any byte is stored: the actor may upload a BOM to this enquiry (404, 403, 409 otherwise). */
    async checkUpload(actor: RequestActor, enquiryId: string): Promise<void> {
      await draftEnquiry(db, actor, enquiryId);
    },

    /**
     * Streams the upload into the storage. Refuses a format other than .xlsx, .xls, .csv (415), a content
     * that does not fit the extension (415) and a file over the upload limit (413); nothing is kept then.
     */
    async store(enquiryId: string, sentName: string, stream: Readable): Promise<StoredBom> {
      return storeBomUpload(storage, enquiryBomKey(enquiryId, randomUUID()), sentName, stream);
    },

    /** Removes a stored upload that will not be recorded (a field after the file was invalid). */
    async discard(stored: StoredBom): Promise<void> {
      await storage.remove(stored.storageKey).catch(() => false);
    },

    /**
     * Reads the stored upload's header (row `chosenRow`, else the proposed row) and records it as the
     * enquiry's BOM, replacing an earlier one. On any failure the upload is removed and the earlier BOM
     * stays as it was; the earlier file is removed only after the new BOM is committed.
     */
    async attach(
      actor: RequestActor,
      enquiryId: string,
      stored: StoredBom,
      chosenRow: number | undefined,
    ): Promise<EnquiryBom> {
      let result: { row: EnquiryBomRow; previous: EnquiryBomRow | null };
      try {
        const header = await readUploadedBomHeader(storage, stored, chosenRow);
        result = await db.transaction(async (tx) => {
          const { enquiry } = await draftEnquiry(tx, actor, enquiryId, true);
          const previous = await findBom(tx, enquiryId);
          const row = await replaceBom(tx, {
            enquiryId,
            customerId: enquiry.customerId,
            storageKey: stored.storageKey,
            filename: stored.filename,
            size: stored.size,
            headerRowIndex: header.headerRowIndex,
            headers: header.headers,
            headersKey: bomHeadersKey(header.headers),
            suppliedPartProposal: header.suppliedPart,
            mapping: null,
            suppliedPartText: null,
            uploadedBy: actor.userId,
          });
          await audit(tx, actor, enquiryId, 'bom', previous?.filename ?? null, stored.filename);
          return { row, previous };
        });
      } catch (error) {
        await storage.remove(stored.storageKey).catch(() => false);
        throw error;
      }
      if (result.previous) await storage.remove(result.previous.storageKey).catch(() => false);
      return present(db, result.row);
    },

    /**
     * "Kopfzeile übernehmen": the headers of row `headerRowIndex` of the stored BOM with a fresh proposal.
     * The row is kept; the confirmed mapping stays only when the headers are the same as before.
     */
    async changeHeader(actor: RequestActor, enquiryId: string, headerRowIndex: number): Promise<EnquiryBom> {
      await draftEnquiry(db, actor, enquiryId);
      const bom = await findBom(db, enquiryId);
      if (!bom) throw new AppError('BOM_MISSING');
      const header = await readChosenBomHeader(storage, bom, headerRowIndex);
      const row = await db.transaction(async (tx) => {
        await draftEnquiry(tx, actor, enquiryId, true);
        const current = await findBom(tx, enquiryId);
        // Replaced or deleted while the file was read: the row read belongs to another file.
        if (!current || current.storageKey !== bom.storageKey) throw new AppError('BOM_HEADER_READ_FAILED');
        const mapping = sameHeaders(current.headers, header.headers) ? current.mapping : null;
        const updated = await updateBomHeader(tx, enquiryId, {
          headerRowIndex: header.headerRowIndex,
          headers: header.headers,
          suppliedPartProposal: header.suppliedPart,
          headersKey: bomHeadersKey(header.headers),
          mapping,
        });
        if (current.headerRowIndex !== headerRowIndex) {
          await audit(tx, actor, enquiryId, 'bomHeaderRowIndex', current.headerRowIndex, headerRowIndex);
        }
        return updated;
      });
      return present(db, row);
    },

    /**
     * SPEC §5 "Zuordnung speichern": stores the mapping the customer confirmed (the schema checked it:
     * numbers mapped, each field and column once, the supplied-part text) and the BOM's lines, read with it
     * and matched against the catalog (bom/bom-match.ts). 422 BOM_MAPPING_OUTDATED when the mapping was
     * made for another header row than the stored one or names columns the stored header row lacks. The
     * file is read and matched before the transaction; the transaction stores the lines only when the BOM
     * is still the file that was read (else 422, nothing half-saved).
     */
    async map(actor: RequestActor, body: EnquiryBomMap): Promise<EnquiryBom> {
      const { enquiryId } = body;
      await draftEnquiry(db, actor, enquiryId);
      const read = await findBom(db, enquiryId);
      if (!read) throw new AppError('BOM_MISSING');
      const row = await storeConfirmedMapping(
        deps,
        read,
        body,
        { enquiryBomId: read.id },
        async (tx, activate, { mapping, suppliedPartText }) => {
          await draftEnquiry(tx, actor, enquiryId, true);
          const bom = await findBom(tx, enquiryId);
          if (!bom) throw new AppError('BOM_MISSING');
          if (bom.storageKey !== read.storageKey) throw new AppError('BOM_HEADER_READ_FAILED');
          checkMappingFits(bom, body);
          const updated = await updateBomMapping(tx, enquiryId, {
            mapping,
            suppliedPartText,
            headersKey: bomHeadersKey(bom.headers),
          });
          await activate();
          const before = describeMapping(bom.mapping, bom.suppliedPartText);
          const after = describeMapping(mapping, suppliedPartText);
          if (before !== after) await audit(tx, actor, enquiryId, 'bomMapping', before, after);
          return updated;
        },
      );
      return present(db, row);
    },

    /** The BOM for the file row of the upload panel; null when none is uploaded (read policy of the enquiry). */
    async info(actor: RequestActor, enquiryId: string): Promise<EnquiryBom | null> {
      await readableEnquiry(db, actor, enquiryId);
      const bom = await findBom(db, enquiryId);
      return bom ? present(db, bom) : null;
    },

    /** The original file, for everyone who may read the enquiry (suppliers it is addressed to included). */
    async download(actor: RequestActor, enquiryId: string) {
      await readableEnquiry(db, actor, enquiryId);
      const bom = await findBom(db, enquiryId);
      if (!bom) throw new AppError('BOM_MISSING');
      try {
        return { bom, stream: await storage.open(bom.storageKey) };
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) throw new AppError('BOM_MISSING');
        throw error;
      }
    },

    /** Removes the BOM of a draft; the file goes from the storage after the commit. */
    async remove(actor: RequestActor, enquiryId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        await draftEnquiry(tx, actor, enquiryId, true);
        const bom = await findBom(tx, enquiryId);
        if (!bom) throw new AppError('BOM_MISSING');
        await deleteBom(tx, enquiryId);
        await audit(tx, actor, enquiryId, 'bom', bom.filename, null);
        return bom;
      });
      await storage.remove(removed.storageKey).catch(() => false);
    },
  };
}

export type EnquiryBomService = ReturnType<typeof createEnquiryBomService>;
