import { errorResponse } from '@portal/domain/schemas/common';
import {
  markedNotifications,
  markNotificationsBody,
  notificationPage,
  notificationQuery,
  notificationSettings,
  unreadNotifications,
} from '@portal/domain/schemas/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { NotificationService } from './notification.service';

const BASE = '/api/notification';
const tags = ['notification'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** SPEC §2 notifications panel and /messages; customers and suppliers (others 403). */
export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (
  app,
  { service },
) => {
  app.get(
    `${BASE}/`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Eigene Benachrichtigungen (neueste zuerst)',
        querystring: notificationQuery,
        response: { 200: notificationPage, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.get(
    `${BASE}/unread`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anzahl ungelesener Benachrichtigungen',
        response: { 200: unreadNotifications, ...errors },
      },
    },
    async (request) => service.unread(requireActor(request)),
  );

  app.post(
    `${BASE}/read`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Benachrichtigungen als gelesen markieren',
        body: markNotificationsBody,
        response: { 200: markedNotifications, ...errors },
      },
    },
    async (request) => service.markRead(requireActor(request), request.body.ids),
  );

  app.post(
    `${BASE}/read/all`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Alle Benachrichtigungen als gelesen markieren',
        response: { 200: markedNotifications, ...errors },
      },
    },
    async (request) => service.markAllRead(requireActor(request)),
  );

  app.get(
    `${BASE}/settings`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Einstellung der Zusammenfassung per E-Mail',
        response: { 200: notificationSettings, ...errors },
      },
    },
    async (request) => service.settings(requireActor(request)),
  );

  app.post(
    `${BASE}/settings`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Zusammenfassung per E-Mail ein- oder ausschalten',
        body: notificationSettings,
        response: { 200: notificationSettings, ...errors },
      },
    },
    async (request) => service.saveSettings(requireActor(request), request.body.digest),
  );
};
