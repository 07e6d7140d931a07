import { randomUUID } from 'node:crypto';
import { canCreateEnquiry } from '@portal/domain/permissions';
import { creationFields, diffFields, type FieldChange } from '@portal/domain/rules/change-diff';
import { enquiryReleaseProblems, todayIsoDate } from '@portal/domain/rules/enquiry-status';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import type {
  EnquiryBody,
  EnquiryListQuery,
  EnquiryRecipients,
  EnquiryResponse,
} from '@portal/domain/schemas/enquiry';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { enquiries } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStorage } from '../../files/storage';
import { listChanges, recordChanges } from '../audit/audit.repository';
import { notifyEnquiryReleased } from '../notification/business-events';
import { AUDITED_FIELDS, readTechnicalSpec, technicalSpecChanges, toEnquiryResponse } from './enquiry.mapper';
import { manageableEnquiry, readableEnquiry, writableEnquiry } from './enquiry.policy';
import {
  type EnquiryRow,
  findActiveSuppliers,
  findEnquiriesByIds,
  findEnquiryPage,
  findFiles,
  findRecipients,
  insertEnquiry,
  insertFiles,
  insertRecipients,
  updateEnquiry,
} from './enquiry.repository';
import { copyStoredBom } from './enquiry-bom.mapper';
import { copyBomLines, findBom, replaceBom } from './enquiry-bom.repository';
import { copyStoredFiles } from './enquiry-file.storage';

const TITLE_MAX = 200;

/** SPEC §5: the desired delivery date lies in the future (checked when it is set or changed). */
function assertFutureDate(date: string | null, before: string | null = null): void {
  if (date === null || date === before) return;
  if (date <= todayIsoDate()) {
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
 * Issue 12: enquiries of customer companies, from draft to release (SPEC §3, §4, §7). Every change is in
 * the change history (field names as recorded, the web app shows their German labels).
 */
export function createEnquiryService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function detail(
    actor: RequestActor,
    row: EnquiryRow,
    customerName: string,
    tx: DbOrTx = db,
  ): Promise<EnquiryResponse> {
    const own = actor.companyType === 'CUSTOMER' && actor.companyId === row.customerId;
    const files = await findFiles(tx, row.id);
    // Suppliers never learn who else was asked, nor the customer's internal editing history.
    const recipients = own
      ? {
          mode: row.recipientsMode,
          suppliers: row.recipientsMode === 'CHOSEN' ? await findRecipients(tx, row.id) : [],
        }
      : null;
    const changeEntries = own ? await listChanges(tx, 'ENQUIRY', row.id) : [];
    return toEnquiryResponse(row, { customerName, files, recipients, changeEntries });
  }

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
    return detail(actor, found.enquiry, found.customerName);
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
      return detail(actor, found.enquiry, found.customerName, tx);
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
      return detail(actor, after, customerName, tx);
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

  async function setClosed(actor: RequestActor, id: string, closed: boolean) {
    return db.transaction(async (tx) => {
      const { enquiry, customerName } = await manageableEnquiry(tx, actor, id, { lock: true });
      // Closing means "no new offers"; a draft has none to stop.
      if (closed && !enquiry.released) throw new AppError('ENQUIRY_NOT_RELEASED');
      if (enquiry.closed === closed) return detail(actor, enquiry, customerName, tx);
      const after = await updateEnquiry(tx, id, { closed });
      await audit(tx, actor, id, [{ field: 'closed', oldValue: String(!closed), newValue: String(closed) }]);
      return detail(actor, after, customerName, tx);
    });
  }

  /**
   * POST /enquiry/copy: a new draft with every field and copies of the files and of the BOM (its file under
   * a new key; header row, headers, mapping and supplied-part text as they were). Recipients start anew.
   */
  async function copy(actor: RequestActor, id: string) {
    const { enquiry } = await manageableEnquiry(db, actor, id);
    const files = await findFiles(db, id);
    const bom = await findBom(db, id);
    const copyId = randomUUID();
    const copies = await copyStoredFiles(storage, copyId, files);
    let bomCopy: Awaited<ReturnType<typeof copyStoredBom>> | null = null;
    try {
      if (bom) bomCopy = await copyStoredBom(storage, bom, copyId, actor.userId);
      return await db.transaction(async (tx) => {
        const title = `Kopie von ${enquiry.title}`.slice(0, TITLE_MAX);
        const row = await insertEnquiry(tx, {
          id: copyId,
          customerId: enquiry.customerId,
          title,
          referenceNumber: enquiry.referenceNumber,
          deliveryCondition: enquiry.deliveryCondition,
          desiredDeliveryDate: enquiry.desiredDeliveryDate,
          amount: enquiry.amount,
          price: enquiry.price,
          location: enquiry.location,
          additionalInfo: enquiry.additionalInfo,
          technicalSpec: readTechnicalSpec(enquiry.technicalSpec),
          createdBy: actor.userId,
        });
        await insertFiles(
          tx,
          copies.map((file) => ({ ...file, createdBy: actor.userId })),
        );
        if (bom && bomCopy) await copyBomLines(tx, bom.id, (await replaceBom(tx, bomCopy)).id);
        await audit(tx, actor, row.id, [
          { field: 'title', oldValue: null, newValue: `${title} (kopiert aus „${enquiry.title}“)` },
          ...creationFields(row, AUDITED_FIELDS).filter((change) => change.field !== 'title'),
          ...copies.map((file) => ({ field: 'files', oldValue: null, newValue: file.filename })),
          ...(bomCopy ? [{ field: 'bom', oldValue: null, newValue: bomCopy.filename }] : []),
        ]);
        const found = await readableEnquiry(tx, actor, row.id);
        return detail(actor, found.enquiry, found.customerName, tx);
      });
    } catch (error) {
      const keys = [...copies.map((file) => file.storageKey), ...(bomCopy ? [bomCopy.storageKey] : [])];
      await Promise.all(keys.map((key) => storage.remove(key).catch(() => false)));
      throw error;
    }
  }

  /** CHOSEN recipients must be active supplier companies (else 400 naming the others). */
  async function chosenSuppliers(tx: DbOrTx, recipients: EnquiryRecipients) {
    if (recipients.mode === 'ALL') return [];
    const ids = [...new Set(recipients.supplierIds)];
    const found = await findActiveSuppliers(tx, ids);
    if (found.length !== ids.length) {
      const message =
        'Die Anfrage kann nur an aktive Lieferanten gesendet werden. Bitte wählen Sie die Empfänger neu.';
      throw new AppError('VALIDATION', message, {
        issues: [{ path: 'body.recipients.supplierIds', message }],
      });
    }
    return found;
  }

  /**
   * SPEC §4 release: with every required field, a circuit diagram (PDF) and a BOM; otherwise 422 with the
   * warnings and nothing changes. Then read-only, sent to all active suppliers or to the chosen ones.
   */
  async function release(actor: RequestActor, id: string, recipients: EnquiryRecipients) {
    return db.transaction(async (tx) => {
      const { enquiry, customerName } = await manageableEnquiry(tx, actor, id, { lock: true });
      if (enquiry.released) throw new AppError('ENQUIRY_RELEASED', 'Die Anfrage ist bereits freigegeben.');
      const files = await findFiles(tx, id);
      const bom = await findBom(tx, id);
      const problems = enquiryReleaseProblems(
        {
          ...enquiry,
          technicalSpec: readTechnicalSpec(enquiry.technicalSpec),
          bomMapped: bom?.mapping != null,
        },
        files,
      );
      if (problems.length > 0) {
        throw new AppError(
          'ENQUIRY_RELEASE_INCOMPLETE',
          `Die Anfrage kann noch nicht freigegeben werden: ${problems.map((problem) => problem.message).join(', ')}.`,
          { issues: problems.map((problem) => ({ path: problem.field, message: problem.message })) },
        );
      }
      const chosen = await chosenSuppliers(tx, recipients);
      const releaseDate = new Date();
      const after = await updateEnquiry(tx, id, {
        released: true,
        releaseDate,
        recipientsMode: recipients.mode,
      });
      await insertRecipients(
        tx,
        id,
        chosen.map((supplier) => supplier.id),
      );
      await audit(tx, actor, id, [
        { field: 'released', oldValue: 'false', newValue: 'true' },
        { field: 'releaseDate', oldValue: null, newValue: releaseDate.toISOString() },
        {
          field: 'recipients',
          oldValue: null,
          newValue:
            recipients.mode === 'ALL'
              ? 'Alle aktiven Lieferanten'
              : chosen.map((supplier) => supplier.name).join('; '),
        },
      ]);
      await notifyEnquiryReleased(
        tx,
        after,
        customerName,
        recipients.mode === 'ALL' ? 'ALL' : chosen.map((supplier) => supplier.id),
      );
      return detail(actor, after, customerName, tx);
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
    close: (actor: RequestActor, id: string) => setClosed(actor, id, true),
    reopen: (actor: RequestActor, id: string) => setClosed(actor, id, false),
    copy,
    release,
    suppliers,
  };
}

export type EnquiryService = ReturnType<typeof createEnquiryService>;
