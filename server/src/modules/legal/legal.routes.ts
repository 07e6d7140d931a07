import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { avvPdf } from './avv-pdf';

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal/avv',
    {
      // SPEC §1/§2: offered on the profile, which is reachable while the registration is pending.
      config: { auth: 'gated' },
      schema: {
        tags: ['legal'],
        summary: 'Auftragsverarbeitungsvertrag (AVV) als PDF',
        produces: ['application/pdf'],
      },
    },
    async (_request, reply) => {
      const bytes = await avvPdf();
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="AVV.pdf"')
        .header('cache-control', 'private, max-age=3600');
      return reply.send(Buffer.from(bytes));
    },
  );
};
