import { canAssignArticleMatches, canReadArticles, canWriteArticles } from '@portal/domain/permissions';
import { rememberAlternative } from '@portal/domain/rules/article-alternatives';
import { creationFields, diffFields } from '@portal/domain/rules/change-diff';
import {
  type ArticleReplaceResponse,
  type ArticleResponse,
  type ArticleValues,
  type articleReplaceBody,
  missingArticleValues,
} from '@portal/domain/schemas/article';
import type { BomLine } from '@portal/domain/schemas/bom';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { isForeignKeyViolation } from '../../db/pg-errors';
import { articles } from '../../db/schema';
import { AppError } from '../../errors';
import { listChanges, recordChanges } from '../audit';
import { createBomLineAssignment } from '../bom';
import {
  AUDITED_ARTICLE_FIELDS,
  type AuditInput,
  auditView,
  toArticleColumns,
  toArticleResponse,
} from './article.mapper';
import {
  type ArticleDetailRow,
  deleteArticles,
  findArticleDetail,
  findDiscountGroupManufacturer,
  findReferenceNames,
  insertArticle,
  lockArticle,
  lockManufacturerNumbers,
  numbersTaken,
  touchArticle,
  updateArticle,
  writeAlternatives,
  writeWholesalerInfos,
} from './article.repository';
import { findCatalogData } from './article-class.repository';

type ReplaceInput = z.output<typeof articleReplaceBody>;

/** SPEC §7 article calls: read, create, update, delete and the manual assignment of BOM articles. */
export function createArticleService(deps: { db: Db }) {
  const { db } = deps;
  const assignment = createBomLineAssignment();

  async function detail(id: string, tx: DbOrTx = db): Promise<ArticleResponse> {
    const row = await findArticleDetail(tx, id);
    if (!row) throw new AppError('NOT_FOUND');
    const [changes, catalog] = await Promise.all([listChanges(tx, 'ARTICLE', id), findCatalogData(tx, id)]);
    return toArticleResponse(row, changes, catalog);
  }

  function auditInputOf(row: ArticleDetailRow): AuditInput {
    const { id: _id, createdAt: _c, updatedAt: _u, articleImportSource: _s, ...columns } = row;
    return {
      columns,
      possibleOrderNumbers: row.possibleOrderNumbers,
      possibleManufacturerNumbers: row.possibleManufacturerNumbers,
      wholesalerInfos: row.wholesalerInfos,
    };
  }

  function auditInputOfValues(values: ArticleValues, manufacturerId: string): AuditInput {
    return {
      columns: toArticleColumns(values, manufacturerId),
      possibleOrderNumbers: values.possibleOrderNumbers,
      possibleManufacturerNumbers: values.possibleManufacturerNumbers,
      wholesalerInfos: values.wholesalerInfos,
    };
  }

  /** Writes history entries comparing `before` (null on creation) with `after`, references by name. */
  async function audit(
    tx: DbOrTx,
    actor: RequestActor,
    id: string,
    before: AuditInput | null,
    after: AuditInput,
  ) {
    const inputs = before ? [before, after] : [after];
    const names = await findReferenceNames(tx, {
      manufacturers: inputs.map((input) => input.columns.manufacturerId),
      units: inputs.flatMap((input) => input.columns.unitId ?? []),
      discountGroups: inputs.flatMap((input) => input.columns.discountGroupId ?? []),
      eclass: inputs.flatMap((input) => input.columns.eclassId ?? []),
      wholesalers: inputs.flatMap((input) => input.wholesalerInfos.map((info) => info.wholesalerId)),
    });
    const next = auditView(after, names);
    const changes = before
      ? diffFields(auditView(before, names), next, AUDITED_ARTICLE_FIELDS)
      : creationFields(next, AUDITED_ARTICLE_FIELDS);
    await recordChanges(tx, { entityType: 'ARTICLE', entityId: id, userId: actor.userId }, changes);
  }

  /** SPEC §5 checks shared by create and update; returns the manufacturer. */
  async function check(
    tx: DbOrTx,
    values: ArticleValues,
    excludeId: string | null,
    conflict: 'ARTICLE_NUMBER_TAKEN' | 'ARTICLE_CONFLICT',
  ) {
    const missing = missingArticleValues(values);
    if (missing.manufacturer || missing.number) throw new AppError('ARTICLE_MISSING_VALUES');
    const manufacturerId = values.manufacturerId!;
    if (values.discountGroupId) {
      const groupManufacturer = await findDiscountGroupManufacturer(tx, values.discountGroupId);
      if (groupManufacturer && groupManufacturer !== manufacturerId) {
        throw new AppError(
          'VALIDATION',
          'Die Rabattgruppe gehört zu einem anderen Hersteller als der Artikel.',
        );
      }
    }
    await lockManufacturerNumbers(tx, manufacturerId);
    const taken = await numbersTaken(tx, {
      manufacturerId,
      excludeArticleId: excludeId,
      orderNumbers: [values.orderNumber ?? '', ...values.possibleOrderNumbers],
      manufacturerNumbers: [values.manufacturerNumber ?? '', ...values.possibleManufacturerNumbers],
    });
    if (taken) throw new AppError(conflict);
    return manufacturerId;
  }

  async function writeLists(tx: DbOrTx, id: string, values: ArticleValues) {
    await writeWholesalerInfos(tx, id, values.wholesalerInfos);
    await writeAlternatives(tx, id, 'ORDER', values.possibleOrderNumbers);
    await writeAlternatives(tx, id, 'MANUFACTURER', values.possibleManufacturerNumbers);
  }

  /** A vanished reference (deleted meanwhile) is a missing value of the form (SPEC §8: 417). */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new AppError(
          'ARTICLE_MISSING_VALUES',
          'Ein gewählter Eintrag (Hersteller, Einheit, Rabattgruppe, E-Class oder Großhändler) existiert nicht mehr.',
        );
      }
      throw error;
    }
  }

  async function get(actor: RequestActor, id: string) {
    if (!canReadArticles(actor)) throw new AppError('FORBIDDEN');
    return detail(id);
  }

  /** SPEC §5/§8: numbers already taken by another article of the manufacturer answer 406. */
  async function create(actor: RequestActor, values: ArticleValues) {
    if (!canWriteArticles(actor)) throw new AppError('FORBIDDEN');
    const id = await guarded(() =>
      db.transaction(async (tx) => {
        const manufacturerId = await check(tx, values, null, 'ARTICLE_NUMBER_TAKEN');
        const row = await insertArticle(tx, {
          ...toArticleColumns(values, manufacturerId),
          articleImportSource: 'MANUAL',
        });
        await writeLists(tx, row.id, values);
        await audit(tx, actor, row.id, null, auditInputOfValues(values, manufacturerId));
        return row.id;
      }),
    );
    return detail(id);
  }

  /**
   * SPEC §8: 409 when a number is taken, 417 when manufacturer or both numbers are missing; 409
   * CHANGED_MEANWHILE when the article changed after its form loaded `lastUpdate` (db/last-update.ts).
   */
  async function update(
    actor: RequestActor,
    saved: { id: string; lastUpdate: string },
    values: ArticleValues,
  ) {
    if (!canWriteArticles(actor)) throw new AppError('FORBIDDEN');
    const { id } = saved;
    await guarded(() =>
      db.transaction(async (tx) => {
        await claimLoadedState(tx, articles, id, { ...saved, userId: actor.userId });
        const before = await findArticleDetail(tx, id);
        const manufacturerId = await check(tx, values, id, 'ARTICLE_CONFLICT');
        await updateArticle(tx, id, toArticleColumns(values, manufacturerId));
        await writeLists(tx, id, values);
        await audit(tx, actor, id, auditInputOf(before!), auditInputOfValues(values, manufacturerId));
      }),
    );
    return detail(id);
  }

  /**
   * SPEC §7 POST /article/delete, one id or the list's selection. An article still referenced elsewhere
   * (later: BOM lines) is reported as failed while the others are deleted.
   */
  async function remove(actor: RequestActor, ids: string[]) {
    if (!canWriteArticles(actor)) throw new AppError('FORBIDDEN');
    const unique = [...new Set(ids)];
    let deleted: string[];
    try {
      deleted = await deleteArticles(db, unique);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      deleted = [];
      for (const id of unique) {
        try {
          deleted.push(...(await deleteArticles(db, [id])));
        } catch (single) {
          if (!isForeignKeyViolation(single)) throw single;
        }
      }
    }
    const gone = new Set(deleted);
    return { deleted: unique.filter((id) => gone.has(id)), failed: unique.filter((id) => !gone.has(id)) };
  }

  /**
   * SPEC §4/§7 manual assignment of an unmatched BOM article: the chosen article is answered, and the BOM
   * line's order and manufacturer numbers are remembered as its alternatives so that the next import or
   * BOM finds it. A number that is the article's own, already listed, or taken by another article of the
   * same manufacturer is not added (the assignment itself still succeeds).
   */
  async function replace(actor: RequestActor, body: ReplaceInput): Promise<ArticleReplaceResponse> {
    if (!canAssignArticleMatches(actor)) throw new AppError('FORBIDDEN');
    let lines: BomLine[] | undefined;
    await db.transaction(async (tx) => {
      // SPEC §4 manual match: with a BOM line, the line's numbers are remembered (unless the body names
      // others) and the article is assigned to the line, or to every line of its BOM with its number.
      const target = body.lineId ? await assignment.lockLine(tx, body.lineId) : null;
      const input = target
        ? {
            ...body,
            orderNumber: body.orderNumber ?? target.line.orderNumber ?? undefined,
            manufacturerNumber: body.manufacturerNumber ?? target.line.manufacturerNumber ?? undefined,
          }
        : body;
      const article = await lockArticle(tx, input.matchId);
      if (!article) throw new AppError(target ? 'REPLACE_ARTICLE_NOT_FOUND' : 'NOT_FOUND');
      if (target) {
        lines = await assignment.assign(tx, { ...target, articleId: article.id, scope: body.scope });
      }
      const before = await findArticleDetail(tx, article.id);
      await lockManufacturerNumbers(tx, article.manufacturerId);
      const free = async (kind: 'order' | 'manufacturer', number: string) =>
        !(await numbersTaken(tx, {
          manufacturerId: article.manufacturerId,
          excludeArticleId: article.id,
          orderNumbers: kind === 'order' ? [number] : [],
          manufacturerNumbers: kind === 'manufacturer' ? [number] : [],
        }));
      let orderNumbers = before!.possibleOrderNumbers;
      let manufacturerNumbers = before!.possibleManufacturerNumbers;
      const nextOrder = rememberAlternative(orderNumbers, input.orderNumber, article.orderNumber);
      if (nextOrder && (await free('order', input.orderNumber!))) {
        orderNumbers = nextOrder;
        await writeAlternatives(tx, article.id, 'ORDER', orderNumbers);
      }
      const nextManufacturer = rememberAlternative(
        manufacturerNumbers,
        input.manufacturerNumber,
        article.manufacturerNumber,
      );
      if (nextManufacturer && (await free('manufacturer', input.manufacturerNumber!))) {
        manufacturerNumbers = nextManufacturer;
        await writeAlternatives(tx, article.id, 'MANUFACTURER', manufacturerNumbers);
      }
      if (
        orderNumbers === before!.possibleOrderNumbers &&
        manufacturerNumbers === before!.possibleManufacturerNumbers
      )
        return;
      await touchArticle(tx, article.id, actor.userId);
      const previous = auditInputOf(before!);
      await audit(tx, actor, article.id, previous, {
        ...previous,
        possibleOrderNumbers: orderNumbers,
        possibleManufacturerNumbers: manufacturerNumbers,
      });
      // The numbers are now the article's alternatives: the open lines with them find it.
      if (target) await assignment.rematchOpenLines(tx, target.line);
    });
    const article = await detail(body.matchId);
    return lines ? { ...article, lines } : article;
  }

  return { get, create, update, remove, replace };
}

export type ArticleService = ReturnType<typeof createArticleService>;
