import { canListCompanyNames, canManageCompanies } from '@portal/domain/permissions';
import { creationFields, diffFields } from '@portal/domain/rules/change-diff';
import type { CompanyResponse, companyBody, companyListQuery } from '@portal/domain/schemas/company';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { companies } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { companyReleasedMail } from '../../mail/templates/company-released';
import { listChanges, recordChanges } from '../audit';
import {
  type CompanyRow,
  endSessionsOfCompanies,
  findCompanies,
  findCompaniesByIds,
  findCompany,
  findCompanyMembers,
  findCompanyNames,
  insertCompany,
  updateCompany,
} from './company.repository';

type CompanyInput = z.output<typeof companyBody>;
type CompanyListQuery = z.output<typeof companyListQuery>;

const EXTERNAL_NOT_SELECTABLE =
  'Den Typ „Extern“ hat nur das Unternehmen der externen Gäste. Bitte wählen Sie Betreiber, Kunde oder Lieferant.';

const AUDITED_FIELDS = [
  'name',
  'type',
  'customerNumber',
  'street',
  'houseNo',
  'zip',
  'city',
  'additionalInfo',
  'active',
  'pendingRegistration',
] as const;

export function toCompanyItem(row: CompanyRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    active: row.active,
    pendingRegistration: row.pendingRegistration,
    additionalInfo: row.additionalInfo,
    customerNumber: row.customerNumber,
    address: { street: row.street, houseNo: row.houseNo, zip: row.zip, city: row.city, country: row.country },
    createDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
  };
}

export function createCompanyService(deps: { db: Db; queue: JobQueue; baseUrl: string }) {
  const { db } = deps;

  function assertManager(actor: RequestActor): void {
    if (!canManageCompanies(actor)) throw new AppError('FORBIDDEN');
  }

  async function detail(row: CompanyRow): Promise<CompanyResponse> {
    return { ...toCompanyItem(row), changeEntries: await listChanges(db, 'COMPANY', row.id) };
  }

  async function list(actor: RequestActor, query: CompanyListQuery) {
    assertManager(actor);
    const { rows, total } = await findCompanies(db, {
      search: query.search,
      type: query.type,
      activeOnly: query.activeOnly,
      page: query.page,
      pageSize: query.paginationSize,
      column: query.column,
      descending: query.sortDescending,
    });
    return { content: rows.map(toCompanyItem), totalElements: total };
  }

  /** SPEC §2 user list (company filter): names for the user list's company filter, also for the operator's staff. */
  async function listNames(actor: RequestActor) {
    if (!canListCompanyNames(actor)) throw new AppError('FORBIDDEN');
    return findCompanyNames(db);
  }

  async function get(actor: RequestActor, id: string) {
    assertManager(actor);
    const row = await findCompany(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return detail(row);
  }

  async function create(actor: RequestActor, input: CompanyInput) {
    assertManager(actor);
    if (input.type === 'EXTERNAL') throw new AppError('VALIDATION', EXTERNAL_NOT_SELECTABLE);
    const row = await db.transaction(async (tx) => {
      const created = await insertCompany(tx, input);
      await recordChanges(
        tx,
        { entityType: 'COMPANY', entityId: created.id, userId: actor.userId },
        creationFields(created, AUDITED_FIELDS),
      );
      return created;
    });
    return detail(row);
  }

  /** Saves the company form based on the state it was loaded with (`lastUpdate`, db/last-update.ts). */
  async function update(actor: RequestActor, saved: { id: string; lastUpdate: string }, input: CompanyInput) {
    assertManager(actor);
    const { id } = saved;
    const row = await db.transaction(async (tx) => {
      const updatedAt = await claimLoadedState(tx, companies, id, { ...saved, userId: actor.userId });
      const before = await findCompany(tx, id);
      if (!before) throw new AppError('NOT_FOUND');
      // An EXTERNAL company keeps its type: guests are not turned into customers by a form (SPEC §2), and no
      // other company becomes the guests' company.
      if (before.type !== 'EXTERNAL' && input.type === 'EXTERNAL')
        throw new AppError('VALIDATION', EXTERNAL_NOT_SELECTABLE);
      const { active, ...fields } = input;
      const values = {
        ...(before.type === 'EXTERNAL'
          ? { ...fields, type: 'EXTERNAL' as const, customerNumber: null }
          : fields),
        ...(active === undefined ? {} : { active }),
      };
      if (active === false && before.active && id === actor.companyId)
        throw new AppError('VALIDATION', 'Ihr eigenes Unternehmen können Sie nicht deaktivieren.');
      const after = await updateCompany(tx, id, { ...values, updatedAt });
      // SPEC §4: an inactive company's users can no longer work, as after deleting it from the list.
      if (active === false && before.active) await endSessionsOfCompanies(tx, [id]);
      await recordChanges(
        tx,
        { entityType: 'COMPANY', entityId: id, userId: actor.userId },
        diffFields(before, values, AUDITED_FIELDS),
      );
      return after!;
    });
    return detail(row);
  }

  /** SPEC §4: deleting sets a company inactive; its users can no longer sign in, nothing is destroyed. */
  async function deactivate(actor: RequestActor, ids: string[]) {
    assertManager(actor);
    const found = await findCompaniesByIds(db, ids);
    const deletable = found.filter((company) => company.id !== actor.companyId).map((company) => company.id);
    await db.transaction(async (tx) => {
      for (const company of found.filter((row) => deletable.includes(row.id))) {
        if (!company.active) continue;
        await updateCompany(tx, company.id, { active: false });
        await recordChanges(tx, { entityType: 'COMPANY', entityId: company.id, userId: actor.userId }, [
          { field: 'active', oldValue: 'true', newValue: 'false' },
        ]);
      }
      if (deletable.length > 0) await endSessionsOfCompanies(tx, deletable);
    });
    return { deleted: deletable, failed: ids.filter((id) => !deletable.includes(id)) };
  }

  /** SPEC §4: the operator releases a pending registration; the company's users are mailed. */
  async function release(actor: RequestActor, id: string) {
    assertManager(actor);
    const row = await db.transaction(async (tx) => {
      const before = await findCompany(tx, id);
      if (!before) throw new AppError('NOT_FOUND');
      if (!before.pendingRegistration)
        throw new AppError('CONFLICT', 'Die Registrierung dieses Unternehmens ist bereits freigegeben.');
      const after = await updateCompany(tx, id, { pendingRegistration: false, active: true });
      await recordChanges(
        tx,
        { entityType: 'COMPANY', entityId: id, userId: actor.userId },
        diffFields(before, after!, ['pendingRegistration', 'active']),
      );
      // The mails commit with the release: every user of the company learns that they can now work.
      const members = await findCompanyMembers(tx, id);
      for (const member of members) {
        const mail = companyReleasedMail({
          to: member.email,
          name: `${member.name} ${member.lastname}`,
          companyName: after!.name,
          baseUrl: deps.baseUrl,
        });
        await deps.queue.enqueue(sendMailJob, mail, { tx });
      }
      return after!;
    });
    return detail(row);
  }

  return { list, listNames, get, create, update, deactivate, release };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
