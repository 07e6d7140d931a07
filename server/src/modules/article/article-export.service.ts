import { randomBytes } from 'node:crypto';
import { canReadArticles } from '@portal/domain/permissions';
import { articleExportFileName } from '@portal/domain/rules/article-export-csv';
import { type ArticleExportFilter, EXPORT_RESULT_FOLDER } from '@portal/domain/schemas/article';
import type { RequestActor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { articleExportJob } from './article-export.job';

/** SPEC §7 POST /article/export: the file is written in the background and the user is mailed (SPEC §1). */
export function createArticleExportService(deps: { queue: JobQueue }) {
  async function requestExport(actor: RequestActor, body: ArticleExportFilter) {
    if (!canReadArticles(actor)) throw new AppError('FORBIDDEN');
    const fileName = articleExportFileName(new Date(), randomBytes(2).toString('hex'));
    await deps.queue.enqueue(articleExportJob, {
      userId: actor.userId,
      fileName,
      filter: {
        text: body.orderNumber || undefined,
        manufacturerId: body.manufacturer,
        minPrice: body.minPrice ?? null,
        maxPrice: body.maxPrice ?? null,
        importSource: body.importSource ?? null,
      },
    });
    return { fileName, path: `${EXPORT_RESULT_FOLDER}${fileName}` };
  }

  return { requestExport };
}

export type ArticleExportService = ReturnType<typeof createArticleExportService>;
