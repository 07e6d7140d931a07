import { canCreateEnquiry } from '@portal/domain/permissions';
import { berlinToday } from '@portal/domain/rules/berlin-date';
import { creationFields, diffFields, type FieldChange } from '@portal/domain/rules/change-diff';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import type { EnquiryBody, EnquiryListQuery } from '@portal/domain/schemas/enquiry';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { enquiries } from '../../db/schema';
import { AppError } from '../../errors';
import { recordChanges } from '../audit';
import { AUDITED_FIELDS, readTechnicalSpec, technicalSpecChanges } from './enquiry.mapper';
import { readableEnquiry, writableEnquiry } from './enquiry.policy';
import {
  findActiveSuppliers,
  findEnquiriesByIds,
  findEnquiryPage,
  insertEnquiry,
  updateEnquiry,
} from './enquiry.repository';
import { enquiryDetail } from './enquiry-detail';

/** SPEC §5: the desired delivery date lies in the future (checked when it is set or changed). */
function assertFutureDate(date: string | null, before: string | null = null): void {
  if (date === null || date === before) return;
  if (date <= berlinToday()) {
    const message = 'Der Wunschliefertermin muss in der Zukunft liegen.';
    throw new AppError('VALIDATION', message, { issues: [{ path: 'body.desiredDeliveryDate', message }] });
  }
}

function values(input: EnquiryBody) {
  return {
    title: input.title,
    referenceNumber: input.referenceNumber,
    deliveryCondition: input.deliveryCondition,
    desiredDeliveryDate: input.desiredDeliveryDate,
    amount: input.amount,
    price: input.price,
    location: input.location,
    additionalInfo: input.additionalInfo,
    // SPEC §2: a disabled or hidden option is never kept as if chosen.
    technicalSpec: cleanTechnicalSpec(input.technicalSpec),
  };
}

/**
 * Enquiries of customer companies (SPEC §3, §4, §7): lists, detail, drafts and archiving; release,
 * copy, close and reopen are commands (commands/). Every change is in the change history (field names as
 * recorded, the web app shows their German labels).
 */
export function createEnquiryService(deps: { db: Db }) {
  const { db } = deps;

  function audit(tx: DbOrTx, actor: RequestActor, id: string, changes: FieldChange[]) {
    return recordChanges(tx, { entityType: 'ENQUIRY', entityId: id, userId: actor.userId }, changes);
  }

  /** SPEC §2 list: customers their company's, suppliers the released ones addressed to them. */
  async function list(actor: RequestActor, query: EnquiryListQuery) {
    if (actor.companyType !== 'CUSTOMER' && actor.companyType !== 'SUPPLIER') {
      return { content: [], totalElements: 0 };
    }
    const scope = {
      kind: actor.companyType === 'CUSTOMER' ? 'customer' : 'supplier',
      companyId: actor.companyId,
    } as const;
    const { rows, total } = await findEnquiryPage(db, scope, query);
    return {
      content: rows.map((row) => ({
        id: row.id,
        title: row.title,
        referenceNumber: row.referenceNumber,
        customerName: row.customerName,
        released: row.released,
        releaseDate: row.releaseDate?.toISOString() ?? null,
        closed: row.closed,
        archived: row.archived,
        createDate: row.createdAt.toISOString(),
      })),
      totalElements: total,
    };
  }

  async function get(actor: RequestActor, id: string) {
    const found = await readableEnquiry(db, actor, id);
    return enquiryDetail(db, actor, found.enquiry, found.customerName);
  }

  async function create(actor: RequestActor, input: EnquiryBody) {
    if (!canCreateEnquiry(actor)) throw new AppError('FORBIDDEN');
    assertFutureDate(input.desiredDeliveryDate);
    return db.transaction(async (tx) => {
      const row = await insertEnquiry(tx, {
        ...values(input),
        customerId: actor.companyId,
        createdBy: actor.userId,
      });
      await audit(tx, actor, row.id, [
        ...creationFields(row, AUDITED_FIELDS),
        ...technicalSpecChanges(defaultTechnicalSpec(), row.technicalSpec),
      ]);
      const found = await readableEnquiry(tx, actor, row.id);
      return enquiryDetail(tx, actor, found.enquiry, found.customerName);
    });
  }

  /**
   * A draft saves at any time; a released enquiry is read-only (409). The save is based on the state the form
   * loaded (`lastUpdate`): a colleague's save since then is not overwritten (409 CHANGED_MEANWHILE).
   */
  async function update(actor: RequestActor, loaded: { id: string; lastUpdate: string }, input: EnquiryBody) {
    const { id } = loaded;
    return db.transaction(async (tx) => {
      const { enquiry: before, customerName } = await writableEnquiry(tx, actor, id, { lock: true });
      const updatedAt = await claimLoadedState(tx, enquiries, id, { ...loaded, userId: actor.userId });
      assertFutureDate(input.desiredDeliveryDate, before.desiredDeliveryDate);
      const next = values(input);
      const after = await updateEnquiry(tx, id, { ...next, updatedAt });
      await audit(tx, actor, id, [
        ...diffFields(before, next, AUDITED_FIELDS),
        ...technicalSpecChanges(readTechnicalSpec(before.technicalSpec), after.technicalSpec),
      ]);
      return enquiryDetail(tx, actor, after, customerName);
    });
  }

  /** SPEC §2 "Löschen" in the list archives; every id the actor may not manage is reported as failed. */
  async function archive(actor: RequestActor, ids: string[]) {
    const unique = [...new Set(ids)];
    return db.transaction(async (tx) => {
      const rows = await findEnquiriesByIds(tx, unique);
      const own = rows.filter(
        (row) => actor.companyType === 'CUSTOMER' && row.customerId === actor.companyId,
      );
      for (const row of own.filter((candidate) => !candidate.archived)) {
        await updateEnquiry(tx, row.id, { archived: true });
        await audit(tx, actor, row.id, [{ field: 'archived', oldValue: 'false', newValue: 'true' }]);
      }
      const archived = own.map((row) => row.id);
      return { archived, failed: unique.filter((id) => !archived.includes(id)) };
    });
  }

  /** The supplier companies a customer may address (the choice of recipients). */
  async function suppliers(actor: RequestActor) {
    if (!canCreateEnquiry(actor)) throw new AppError('FORBIDDEN');
    return findActiveSuppliers(db);
  }

  return {
    list,
    get,
    create,
    update,
    archive,
    suppliers,
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;
