import { bomSummedResponse } from '@portal/domain/schemas/bom-lines';
import {
  offerArticle,
  offerArticleSearchQuery,
  offerArticleSearchResult,
  offerArticlesPage,
  offerArticlesQuery,
  offerArticleUpdateBody,
  offerFile,
  offerFileRefBody,
  offerIdBody,
} from '@portal/domain/schemas/offer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { fileSetErrors, registerFileSetDownload, registerFileSetUpload } from '../../files/file-set';
import { registerUploads } from '../../files/multipart';
import type { OfferArticlesService } from './offer-articles.service';
import type { OfferFileService } from './offer-file.service';

const errors = fileSetErrors;
const tags = ['offer'];

/** The files of an offer (upload, download, delete), the enquiry's files and the articles. */
export const offerFileRoutes: FastifyPluginAsyncZod<{
  files: OfferFileService;
  articles: OfferArticlesService;
}> = async (app, { files, articles }) => {
  await registerUploads(app);

  registerFileSetUpload(app, {
    path: '/api/offer/:id/file',
    tags,
    summary: 'Datei zu einem Angebot hochladen (multipart: fileType?, file)',
    response: offerFile,
    set: files,
  });

  app.post(
    '/api/offer/file/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Eigene Datei eines Angebots löschen',
        body: offerFileRefBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await files.remove(requireActor(request), request.body.offerId, request.body.fileId);
      return reply.status(204).send(null);
    },
  );

  registerFileSetDownload(app, {
    path: '/api/offer/:id/file/:fileId',
    tags,
    summary: 'Datei eines Angebots herunterladen',
    download: (actor, id, fileId) => files.download(actor, id, fileId),
  });

  registerFileSetDownload(app, {
    path: '/api/offer/:id/enquiry-file/:fileId',
    tags,
    summary: 'Datei der Anfrage eines Angebots herunterladen',
    download: (actor, id, fileId) => files.enquiryFile(actor, id, fileId),
  });

  app.get(
    '/api/offer/articles',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Artikel eines Angebots (Seite, Sortierung, Statusfilter) mit Summen',
        querystring: offerArticlesQuery,
        response: { 200: offerArticlesPage, ...errors },
      },
    },
    async (request) => {
      const { offerId, ...query } = request.query;
      return articles.page(requireActor(request), offerId, query);
    },
  );

  app.get(
    '/api/offer/articles/summed',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Summenstückliste eines Angebots',
        querystring: offerIdBody,
        response: { 200: bomSummedResponse, ...errors },
      },
    },
    async (request) => articles.summed(requireActor(request), request.query.offerId),
  );

  app.get(
    '/api/offer/article/search',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Katalogsuche für einen Ersatzartikel (Lieferant, nur Entwürfe)',
        querystring: offerArticleSearchQuery,
        response: { 200: offerArticleSearchResult, ...errors },
      },
    },
    async (request) => articles.search(requireActor(request), request.query),
  );

  app.post(
    '/api/offer/article/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Artikel eines Angebots bearbeiten (Menge, Stückpreis, Ersatzartikel, Notiz; nur Entwürfe)',
        body: offerArticleUpdateBody,
        response: { 200: offerArticle, ...errors },
      },
    },
    async (request) => articles.update(requireActor(request), request.body),
  );
};
