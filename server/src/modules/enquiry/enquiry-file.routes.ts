import {
  enquiryFile,
  enquiryFileRefBody,
  enquiryFileTypeBody,
  enquiryZipBody,
} from '@portal/domain/schemas/enquiry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { fileSetErrors, registerFileSetDownload, registerFileSetUpload } from '../../files/file-set';
import { registerUploads } from '../../files/multipart';
import { sendAttachment } from '../../files/send-file';
import type { EnquiryFileService } from './enquiry-file.service';

const errors = fileSetErrors;
const tags = ['enquiry'];

/** SPEC §5 upload rules and file types: upload, classify, download and delete the files of an enquiry; all as one ZIP. */
export const enquiryFileRoutes: FastifyPluginAsyncZod<{ service: EnquiryFileService }> = async (
  app,
  { service },
) => {
  await registerUploads(app);

  registerFileSetUpload(app, {
    path: '/api/enquiry/:id/file',
    tags,
    summary: 'Datei zu einer Anfrage hochladen (multipart: fileType?, file)',
    response: enquiryFile,
    set: service,
  });

  app.post(
    '/api/enquiry/file/type',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Dateityp einer Datei ändern (nur Entwürfe)',
        body: enquiryFileTypeBody,
        response: { 200: enquiryFile, ...errors },
      },
    },
    async (request) => {
      const { enquiryId, fileId, fileType } = request.body;
      return service.setType(requireActor(request), enquiryId, fileId, fileType);
    },
  );

  app.post(
    '/api/enquiry/file/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei einer Anfrage löschen (nur Entwürfe)',
        body: enquiryFileRefBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.body.enquiryId, request.body.fileId);
      return reply.status(204).send(null);
    },
  );

  registerFileSetDownload(app, {
    path: '/api/enquiry/:id/file/:fileId',
    tags,
    summary: 'Datei einer Anfrage herunterladen',
    download: (actor, id, fileId) => service.download(actor, id, fileId),
  });

  app.post(
    '/api/file/all/enquiry',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Alle Dateien einer Anfrage als ZIP („Alle herunterladen“)',
        body: enquiryZipBody,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await service.zip(requireActor(request), request.body.enquiryId);
      return sendAttachment(reply, filename, 'application/zip', stream);
    },
  );
};
