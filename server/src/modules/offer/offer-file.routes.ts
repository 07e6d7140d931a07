import { bomSummedResponse } from '@portal/domain/schemas/bom-lines';
import { errorResponse } from '@portal/domain/schemas/common';
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
import { AppError } from '../../errors';
import { receiveTypedUpload, registerUploads } from '../../files/multipart';
import { sendStoredFile } from '../file/file.routes';
import type { OfferArticlesService } from './offer-articles.service';
import type { OfferFileService } from './offer-file.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };
const tags = ['offer'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fileParams = z.object({ id: z.string(), fileId: z.string() });

/** Issue 14: the files of an offer (upload, download, delete), the enquiry's files and the articles. */
export const offerFileRoutes: FastifyPluginAsyncZod<{
  files: OfferFileService;
  articles: OfferArticlesService;
}> = async (app, { files, articles }) => {
  await registerUploads(app);

  app.post(
    '/api/offer/:id/file',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei zu einem Angebot hochladen (multipart: fileType?, file)',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        response: { 201: offerFile, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const offerId = request.params.id;
      const stored = await receiveTypedUpload(request, {
        check: () => files.checkUpload(actor, offerId),
        store: (filename, stream) => files.store(offerId, filename, stream),
        discard: (file) => files.discard(file),
        attach: (file, fileType) => files.attach(actor, offerId, file, fileType),
      });
      reply.status(201);
      return stored;
    },
  );

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

  app.get(
    '/api/offer/:id/file/:fileId',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei eines Angebots herunterladen',
        params: fileParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.fileId)) throw new AppError('NOT_FOUND');
      const { file, stream } = await files.download(
        requireActor(request),
        request.params.id,
        request.params.fileId,
      );
      return sendStoredFile(reply, { name: file.filename, size: file.size }, stream);
    },
  );

  app.get(
    '/api/offer/:id/enquiry-file/:fileId',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei der Anfrage eines Angebots herunterladen',
        params: fileParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.fileId)) throw new AppError('NOT_FOUND');
      const { file, stream } = await files.enquiryFile(
        requireActor(request),
        request.params.id,
        request.params.fileId,
      );
      return sendStoredFile(reply, { name: file.filename, size: file.size }, stream);
    },
  );

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
