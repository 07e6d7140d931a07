import { Readable } from 'node:stream';
import { errorResponse } from '@portal/domain/schemas/common';
import { offerExportQuery, offerIdBody } from '@portal/domain/schemas/offer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import { requireActor } from '../../auth/request-auth';
import type { Db } from '../../db/client';
import { sendAttachment } from '../../files/send-file';
import { zipStream } from '../../files/zip-stream';
import { allBomLines } from '../bom';
import { readableOffer } from './offer.policy';
import {
  type OfferExportMeta,
  offerDownloadEntries,
  offerExportFile,
  offerExportFileName,
} from './offer-export';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['offer'];

/** The offer's lines and the export's view of it, for whoever may read the offer. */
async function exportInput(db: Db, actor: RequestActor, offerId: string) {
  const { offer } = await readableOffer(db, actor, offerId);
  const meta: OfferExportMeta = {
    offerNumber: offer.offerNumber,
    referenceNumber: offer.referenceNumber,
    version: offer.version,
    role: actor.companyType === 'SUPPLIER' ? 'SUPPLIER' : 'CUSTOMER',
  };
  return { meta, rows: await allBomLines(db, { offerId: offer.id }) };
}

/** An offer's BOM exports (SPEC §3 "Export headers") and "Herunterladen" (the three BOMs as one ZIP). */
export const offerExportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/offer/export',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Stückliste eines Angebots exportieren (Lieferant, Kunde, Fertigung, Summe; xlsx oder csv)',
        querystring: offerExportQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { offerId, kind, format } = request.query;
      const { meta, rows } = await exportInput(db, requireActor(request), offerId);
      const file = offerExportFile(rows, kind, format, meta);
      return sendAttachment(reply, file.filename, file.contentType, file.body);
    },
  );

  app.get(
    '/api/offer/download',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebot herunterladen: erzeugte Stückliste, Fertigungs- und Summenstückliste als ZIP',
        querystring: offerIdBody,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { meta, rows } = await exportInput(db, requireActor(request), request.query.offerId);
      const date = new Date();
      const entries = offerDownloadEntries(rows, meta).map((entry) => ({
        name: entry.name,
        date,
        compress: false,
        open: async () => Readable.from([entry.body]),
      }));
      const filename = offerExportFileName(meta, 'Stuecklisten', 'xlsx').replace(/\.xlsx$/, '.zip');
      return sendAttachment(reply, filename, 'application/zip', zipStream(entries));
    },
  );
};
