import {
  folderCheckBody,
  folderDefaults,
  folderIdQuery,
  folderPasswordBody,
  folderPublicInfo,
  folderResponse,
  folderSettingsBody,
  folderShareBody,
  folderShareResponse,
  folderUnshareBody,
} from '@portal/domain/schemas/business-data';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { createFolderGateService } from './folder-gate.service';
import { createFolderManageService } from './folder-manage.service';

const BASE = '/api/offer/businessdata';
const tags = ['business-data'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  412: errorResponse,
  429: errorResponse,
};

/**
 * SPEC §7 /offer/businessdata: the password gate (anyone), the folder's settings, password and visibility entries (signed in; the
 * admins of the offer's companies, resolved by folder-access.ts) and the operator's default invitation runtime.
 */
export const folderManageRoutes: FastifyPluginAsyncZod<{ db: Db; queue: JobQueue; baseUrl: string }> = async (
  app,
  { db, queue, baseUrl },
) => {
  const gate = createFolderGateService({ db });
  const manage = createFolderManageService({ db, queue, baseUrl });

  app.get(
    `${BASE}/public`,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Ob der Projektordner anonym mit Passwort geöffnet werden kann',
        querystring: folderIdQuery,
        response: { 200: folderPublicInfo },
      },
    },
    async (request) => gate.publicInfo(request.query.folderId),
  );

  app.post(
    `${BASE}/check`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Passwort des Projektordners prüfen (anonymer Zugriff); setzt das Ordner-Cookie',
        body: folderCheckBody,
        response: { 200: folderResponse, ...errors },
      },
    },
    async (request, reply) => gate.check(request, reply, request.body),
  );

  app.post(
    `${BASE}/settings`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Einstellungen des Projektordners speichern',
        body: folderSettingsBody,
        response: { 200: folderResponse, ...errors },
      },
    },
    async (request) => manage.saveSettings(request, requireActor(request), request.body),
  );

  app.post(
    `${BASE}/create`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Passwort des Projektordners setzen (beendet alle anonymen Sitzungen)',
        body: folderPasswordBody,
        response: { 200: folderResponse, ...errors },
      },
    },
    async (request) => manage.setPassword(request, request.body),
  );

  app.post(
    `${BASE}/share`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Projektordner für E-Mail-Adressen freigeben (ohne Konto: Einladung als externer Gast)',
        body: folderShareBody,
        response: { 200: folderShareResponse, ...errors },
      },
    },
    async (request) =>
      manage.share(request, requireActor(request), request.body.folderId, request.body.visibilityEntries),
  );

  app.post(
    `${BASE}/share/delete`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Freigabe einer E-Mail-Adresse entfernen',
        body: folderUnshareBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await manage.unshare(request, request.body.folderId, request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/defaults`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Standardlaufzeit von Einladungen je Unternehmensart (Betreiber)',
        response: { 200: folderDefaults, ...errors },
      },
    },
    async (request) => manage.defaults(requireActor(request)),
  );

  app.post(
    `${BASE}/defaults`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Standardlaufzeit von Einladungen je Unternehmensart speichern (Betreiber)',
        body: folderDefaults,
        response: { 200: folderDefaults, ...errors },
      },
    },
    async (request) => manage.saveDefaults(requireActor(request), request.body),
  );
};
