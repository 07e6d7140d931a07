import type { ArticleResponse } from '@portal/domain/schemas/article';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articleClasses, articleReferences } from '../../db/schema';

type CatalogData = Pick<ArticleResponse, 'classes' | 'catalogReferences'>;

const SYSTEMS = new Set(['ECLASS', 'ETIM']);
const REFERENCE_TYPES = new Set(['similar', 'followup', 'accessories', 'other']);

/** The classes and catalog references an imported catalog gave the article (article_classes, article_references). */
export async function findCatalogData(db: DbOrTx, articleId: string): Promise<CatalogData> {
  const [classes, references] = await Promise.all([
    db
      .select({
        system: articleClasses.system,
        code: articleClasses.code,
        version: articleClasses.version,
        irdi: articleClasses.irdi,
      })
      .from(articleClasses)
      .where(eq(articleClasses.articleId, articleId))
      .orderBy(asc(articleClasses.system), asc(articleClasses.code)),
    db
      .select({ type: articleReferences.type, orderNumber: articleReferences.orderNumber })
      .from(articleReferences)
      .where(eq(articleReferences.articleId, articleId))
      .orderBy(asc(articleReferences.type), asc(articleReferences.orderNumber)),
  ]);
  return {
    classes: classes.filter((row): row is CatalogData['classes'][number] => SYSTEMS.has(row.system)),
    catalogReferences: references.filter((row): row is CatalogData['catalogReferences'][number] =>
      REFERENCE_TYPES.has(row.type),
    ),
  };
}
