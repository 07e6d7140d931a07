import { canWriteEnquiry } from '@portal/domain/permissions';
import type { BomLine } from '@portal/domain/schemas/bom';
import type {
  BomEstimate,
  BomLinesPage,
  BomSummedResponse,
  bomLinesPageQuery,
  EnquiryBomManufacturerNameResponse,
  enquiryBomLineUpdateBody,
  enquiryBomManufacturerNameBody,
  UnknownBomManufacturers,
} from '@portal/domain/schemas/bom-lines';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordChanges } from '../audit';
import {
  allBomLines,
  type BomOwner,
  bomLinesPage,
  estimateOf,
  rematchResolvedNames,
  summedBom,
  unknownManufacturerNames,
  updateBomLine,
  writeManufacturerOnLines,
} from '../bom';
import { findManufacturers } from '../manufacturer';
import { manageableEnquiry, readableEnquiry } from './enquiry.policy';
import { findFiles } from './enquiry.repository';
import { findBom } from './enquiry-bom.repository';

/**
 * SPEC §4 BOM, §9 estimate, for an enquiry's BOM: the matched lines (page, counts), the customer's line
 * edit on a draft, the summed BOM and the estimate. Whoever may read the enquiry reads its lines (the
 * customer's company, the suppliers it is addressed to once released); only the customer edits, and only
 * while the enquiry is a draft (409 BOM_RELEASED after).
 */
export function createEnquiryBomLinesService(deps: { db: Db }) {
  const { db } = deps;

  /** The owner of the enquiry's mapped lines; null when no BOM is mapped yet. */
  async function mappedOwner(tx: DbOrTx, enquiryId: string): Promise<BomOwner | null> {
    const bom = await findBom(tx, enquiryId);
    return bom?.mapping ? { enquiryBomId: bom.id } : null;
  }

  const EMPTY: BomLinesPage = {
    content: [],
    totalElements: 0,
    counts: {
      total: 0,
      byStatus: { MATCHED: 0, NOT_FOUND: 0, DUPLICATE: 0, WRONG_UNIT: 0, MISSING_VALUES: 0, SUPPLIED: 0 },
    },
  };

  return {
    async page(
      actor: RequestActor,
      enquiryId: string,
      query: z.output<typeof bomLinesPageQuery>,
    ): Promise<BomLinesPage> {
      await readableEnquiry(db, actor, enquiryId);
      const owner = await mappedOwner(db, enquiryId);
      if (!owner) return EMPTY;
      return bomLinesPage(db, owner, {
        page: query.page,
        size: query.paginationSize,
        column: query.column,
        descending: query.sortDescending,
        status: query.status,
        errorsOnly: query.errorsOnly,
      });
    },

    async updateLine(actor: RequestActor, body: z.output<typeof enquiryBomLineUpdateBody>): Promise<BomLine> {
      const { enquiryId, lineId, ...values } = body;
      return db.transaction(async (tx) => {
        const { enquiry } = await manageableEnquiry(tx, actor, enquiryId, { lock: true });
        if (!canWriteEnquiry(actor, enquiry)) throw new AppError('BOM_RELEASED');
        const owner = await mappedOwner(tx, enquiryId);
        if (!owner) throw new AppError('BOM_LINE_NOT_FOUND');
        const line = await updateBomLine(tx, owner, lineId, values);
        await recordChanges(tx, { entityType: 'ENQUIRY', entityId: enquiryId, userId: actor.userId }, [
          {
            field: 'bomLine',
            oldValue: null,
            newValue: `Zeile ${line.rowNumber}: ${[line.orderNumber, line.manufacturerNumber].filter(Boolean).join(' / ')}`,
          },
        ]);
        return line;
      });
    },

    async summed(actor: RequestActor, enquiryId: string): Promise<BomSummedResponse> {
      await readableEnquiry(db, actor, enquiryId);
      const owner = await mappedOwner(db, enquiryId);
      if (!owner) return { content: [], totalPrice: 0 };
      return summedBom(await allBomLines(db, owner));
    },

    /** The manufacturer names of the BOM's lines that the master data does not know. */
    async unknownManufacturers(actor: RequestActor, enquiryId: string): Promise<UnknownBomManufacturers> {
      await readableEnquiry(db, actor, enquiryId);
      const owner = await mappedOwner(db, enquiryId);
      if (!owner) return { total: 0, names: [] };
      return unknownManufacturerNames(db, owner);
    },

    /**
     * The customer's correction of an unknown name on its draft: master data is the operator administrators'
     * (SPEC §6), so the name is not learnt for everyone; the lines written with it take the chosen
     * manufacturer (flagged edited, as a line edit) and are matched again at once.
     */
    async assignManufacturer(
      actor: RequestActor,
      body: z.output<typeof enquiryBomManufacturerNameBody>,
    ): Promise<EnquiryBomManufacturerNameResponse> {
      const { owner, manufacturer } = await db.transaction(async (tx) => {
        const { enquiry } = await manageableEnquiry(tx, actor, body.enquiryId, { lock: true });
        if (!canWriteEnquiry(actor, enquiry)) throw new AppError('BOM_RELEASED');
        const owner = await mappedOwner(tx, body.enquiryId);
        if (!owner) throw new AppError('BOM_LINE_NOT_FOUND');
        const [manufacturer] = await findManufacturers(tx, [body.manufacturerId]);
        if (!manufacturer)
          throw new AppError('NOT_FOUND', 'Diesen Hersteller gibt es in den Stammdaten nicht (mehr).');
        const renamed = await writeManufacturerOnLines(tx, owner, body.name, manufacturer.displayName);
        if (renamed === 0) {
          throw new AppError(
            'NOT_FOUND',
            `„${body.name}“ steht in keiner Zeile dieser Stückliste als unbekannter Hersteller.`,
          );
        }
        await recordChanges(tx, { entityType: 'ENQUIRY', entityId: body.enquiryId, userId: actor.userId }, [
          {
            field: 'bomManufacturer',
            oldValue: body.name,
            newValue: `${manufacturer.displayName} (${renamed} ${renamed === 1 ? 'Zeile' : 'Zeilen'})`,
          },
        ]);
        return { owner, manufacturer };
      });
      // Matched after the change is committed, a piece per transaction (ARCHITECTURE §3a).
      const rematchedLines = await rematchResolvedNames(db, owner);
      return {
        manufacturer: { id: manufacturer.id, displayName: manufacturer.displayName },
        rematchedLines,
        unknownManufacturers: await unknownManufacturerNames(db, owner),
      };
    },

    /** SPEC §9 for the enquiry's amount and file types; null without a mapped BOM. */
    async estimate(actor: RequestActor, enquiryId: string): Promise<BomEstimate | null> {
      const { enquiry } = await readableEnquiry(db, actor, enquiryId);
      const owner = await mappedOwner(db, enquiryId);
      if (!owner) return null;
      const [rows, files] = await Promise.all([allBomLines(db, owner), findFiles(db, enquiryId)]);
      return estimateOf(
        rows,
        files.map((file) => file.fileType),
        enquiry.amount,
      );
    },
  };
}

export type EnquiryBomLinesService = ReturnType<typeof createEnquiryBomLinesService>;
