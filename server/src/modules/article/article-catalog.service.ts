import { canReadArticles } from '@portal/domain/permissions';
import type {
  ArticleFilterQuery,
  ArticleSearchQuery,
  ArticleSearchResult,
} from '@portal/domain/schemas/article';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findArticlePage } from './article-list.repository';
import { findListItems, type SearchStage, searchArticleIds } from './article-search.repository';

/** Lists up to this size are counted exactly; larger ones get the planner's estimate (see README). */
export const DEFAULT_EXACT_COUNT_LIMIT = 10_000;

const STAGE_RANK: Record<SearchStage, number> = { exact: 0, prefix: 1, contains: 2 };

function numberOrder(a: string | null, b: string | null): number {
  const left = (a ?? '').toLowerCase();
  const right = (b ?? '').toLowerCase();
  if (left === right) return 0;
  if (!left) return 1;
  if (!right) return -1;
  return left < right ? -1 : 1;
}

/**
 * Exact number matches first, then numbers starting with the text, then the rest; each by order number.
 * Without a check of who asks: the callers decide (the operator's search, a supplier's offer line).
 */
export async function searchCatalog(db: DbOrTx, query: ArticleSearchQuery): Promise<ArticleSearchResult> {
  const hits = await searchArticleIds(db, query.searchTerm, query.amount, query.manufacturer);
  const stages = new Map(hits.map((hit) => [hit.id, hit.stage]));
  const items = await findListItems(
    db,
    hits.map((hit) => hit.id),
  );
  return items
    .map((item) => ({ ...item, exactMatch: stages.get(item.id) === 'exact' }))
    .sort(
      (a, b) =>
        STAGE_RANK[stages.get(a.id)!] - STAGE_RANK[stages.get(b.id)!] ||
        numberOrder(a.orderNumber, b.orderNumber),
    );
}

/** SPEC §7 GET /article/filter and /article/search. */
export function createArticleCatalogService(deps: { db: Db; exactCountLimit?: number }) {
  const { db } = deps;
  const cap = deps.exactCountLimit ?? DEFAULT_EXACT_COUNT_LIMIT;

  async function filter(actor: RequestActor, query: ArticleFilterQuery) {
    if (!canReadArticles(actor)) throw new AppError('FORBIDDEN');
    const articleFilter = { text: query.orderNumber || undefined, manufacturerId: query.manufacturer };
    const page = await findArticlePage(
      db,
      articleFilter,
      {
        column: query.column,
        descending: query.sortDescending,
        page: query.page,
        size: query.paginationSize,
      },
      cap,
    );
    return {
      content: await findListItems(db, page.ids),
      totalElements: page.total,
      totalIsEstimate: page.estimate,
    };
  }

  async function search(actor: RequestActor, query: ArticleSearchQuery): Promise<ArticleSearchResult> {
    if (!canReadArticles(actor)) throw new AppError('FORBIDDEN');
    return searchCatalog(db, query);
  }

  return { filter, search };
}

export type ArticleCatalogService = ReturnType<typeof createArticleCatalogService>;
