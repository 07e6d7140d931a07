import { ARTICLE_IMPORT_SOURCES } from '@portal/domain/enums';
import { EXPORT_RESULT_FOLDER } from '@portal/domain/schemas/article';
import { z } from 'zod';
import { defineJob } from '../../jobs/queue';
import { exportReadyMail } from '../../mail/templates/export-ready';
import { articleExportStream } from './article-export';
import { findExportRecipient } from './article-export.repository';

/**
 * SPEC §1/§7 article export: writes the filtered catalog as CSV (SPEC §9) to `exportResult/<file>` in the
 * file storage, streamed batch by batch, then mails the requesting user. A retry after the file was
 * written (mail server down) only sends the mail again.
 */
export const articleExportJob = defineJob({
  id: 'article-export',
  payload: z.object({
    userId: z.uuid(),
    fileName: z.string().min(1).max(200),
    filter: z.object({
      text: z.string().optional(),
      manufacturerId: z.uuid().optional(),
      minPrice: z.number().nullish(),
      maxPrice: z.number().nullish(),
      importSource: z.enum(ARTICLE_IMPORT_SOURCES).nullish(),
    }),
  }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  async handle({ userId, fileName, filter }, { db, files, baseUrl, mailer, log }) {
    const path = `${EXPORT_RESULT_FOLDER}${fileName}`;
    let rows: number | null = null;
    if (!(await files.stat(path))) {
      const started = Date.now();
      const csv = articleExportStream(db, filter);
      await files.save(path, csv.stream);
      rows = csv.rows();
      log.info(`Artikelexport ${fileName}: ${rows} Artikel in ${Date.now() - started} ms.`);
    }
    const user = await findExportRecipient(db, userId);
    if (!user) return;
    await mailer.send(
      exportReadyMail({
        to: user.email,
        name: `${user.name} ${user.lastname}`,
        fileName,
        rows,
        articleUrl: new URL('/article', baseUrl).toString(),
      }),
    );
  },
});
