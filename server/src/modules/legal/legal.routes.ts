import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
      // Loaded on first use: the PDF library costs a third of a second of every start (ARCHITECTURE §7).
      const { avvPdf } = await import('./avv-pdf');
      const bytes = await avvPdf();
      // No cache-control of its own: like every /api answer it is `no-store` (app.ts), so a shared
      // computer's browser keeps no copy of what a signed-in user downloaded (ASVS 14.3.2).
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="AVV.pdf"');
      return reply.send(Buffer.from(bytes));
    },
  );
};
