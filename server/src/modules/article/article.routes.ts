import {
  articleBody,
  articleDeleteQuery,
  articleDeleteResult,
  articleFilterQuery,
  articleFilterResponse,
  articleIdQuery,
  articleReplaceBody,
  articleReplaceResponse,
  articleResponse,
  articleSearchQuery,
  articleSearchResult,
  updateArticleBody,
} from '@portal/domain/schemas/article';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { ArticleService } from './article.service';
import type { ArticleCatalogService } from './article-catalog.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const writeErrors = { ...errors, 406: errorResponse, 409: errorResponse, 417: errorResponse };

/** SPEC §7 article calls (list, search, record, delete, manual assignment); the operator only (SPEC §6). */
export const articleRoutes: FastifyPluginAsyncZod<{
  service: ArticleService;
  catalog: ArticleCatalogService;
}> = async (app, { service, catalog }) => {
  app.get(
    '/api/article/filter',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikelliste: Suche, Herstellerfilter, Sortierung, Seiten',
        querystring: articleFilterQuery,
        response: { 200: articleFilterResponse, ...errors },
      },
    },
    async (request) => catalog.filter(requireActor(request), request.query),
  );

  app.get(
    '/api/article/search',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikel suchen (Bestell-, Herstellernummer, Alternativen, Beschreibung)',
        querystring: articleSearchQuery,
        response: { 200: articleSearchResult, ...errors },
      },
    },
    async (request) => catalog.search(requireActor(request), request.query),
  );

  app.get(
    '/api/article/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikel laden',
        querystring: articleIdQuery,
        response: { 200: articleResponse, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.post(
    '/api/article/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikel anlegen (406: Nummer bereits vergeben, 417: Angaben fehlen)',
        body: articleBody,
        response: { 201: articleResponse, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  app.post(
    '/api/article/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikel ändern (409: Nummer bereits vergeben, 417: Angaben fehlen)',
        body: updateArticleBody,
        response: { 200: articleResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { id, lastUpdate, ...values } = request.body;
      return service.update(requireActor(request), { id, lastUpdate }, values);
    },
  );

  app.post(
    '/api/article/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikel löschen (eine id oder eine kommagetrennte Auswahl)',
        querystring: articleDeleteQuery,
        response: { 200: articleDeleteResult, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.query.id),
  );

  app.post(
    '/api/article/replace',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary:
          'Nicht gefundenen Stücklistenartikel manuell zuordnen (mit lineId: dieser Zeile oder allen Zeilen mit der Nummer); Nummern werden als Alternativen gemerkt',
        body: articleReplaceBody,
        response: { 200: articleReplaceResponse, ...errors },
      },
    },
    async (request) => service.replace(requireActor(request), request.body),
  );
};
