import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERRORS } from '@portal/domain/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALL_JOBS } from './all-jobs';
import type { Auth } from './auth/better-auth';
import { originCheck } from './auth/origin-check';
import { requestAuth } from './auth/request-auth';
import { declarePublicRoutes, routeDeclarations } from './auth/route-guard';
import type { Database } from './db/client';
import { createDomainEventBus } from './events/domain-events';
import { eventsRoutes } from './events/events.routes';
import { createLiveHub, type LiveHub } from './events/live-hub';
import type { FileStorage } from './files/storage';
import { countCacheHooks } from './http/count-cache-hooks';
import { installErrorHandlers } from './http/error-handler';
import { responseSerializerCompiler } from './http/response-serializer';
import type { JobQueue } from './jobs/queue';
import { createMetrics, metricsRoutes } from './metrics';
import { accountRoutes } from './modules/account';
import {
  adminBomManufacturerRoutes,
  adminBomRoutes,
  createAdminBomManufacturersService,
  createAdminBomService,
} from './modules/admin-bom';
import { articleModule } from './modules/article';
import { articleImportRoutes, createArticleImportService } from './modules/article-import';
import { authRoutes, createAuthService } from './modules/auth';
import { businessDataModule } from './modules/business-data';
import { companyRoutes, createCompanyService } from './modules/company';
import { conversationRoutes } from './modules/conversation';
import {
  createDiscountGroupCsvService,
  createDiscountGroupService,
  discountGroupRoutes,
} from './modules/discountgroup';
import { createEclassService, eclassRoutes } from './modules/eclass';
import {
  createEnquiryBomLinesService,
  createEnquiryBomService,
  createEnquiryCommands,
  createEnquiryFileService,
  createEnquiryService,
  type EnquiryEvents,
  enquiryBomLinesRoutes,
  enquiryBomRoutes,
  enquiryFileRoutes,
  enquiryRoutes,
  registerEnquiryEventHandlers,
} from './modules/enquiry';
import { createFileService, fileRoutes } from './modules/file';
import { createImportConfigService, importConfigRoutes } from './modules/import-config';
import { legalRoutes } from './modules/legal';
import { createManufacturerService, manufacturerRoutes } from './modules/manufacturer';
import { createNotificationService, notificationRoutes } from './modules/notification';
import { type OfferEvents, offerModule, registerOfferEventHandlers } from './modules/offer';
import { createPricingService, pricingRoutes } from './modules/pricing';
import { systemRoutes } from './modules/system';
import { createUnitService, unitRoutes } from './modules/unit';
import { createUserAdminService, createUserService, userAdminRoutes, userRoutes } from './modules/user';
import { createWholesalerService, wholesalerRoutes } from './modules/wholesaler';

export interface AppDeps {
  database: Database;
  auth: Auth;
  /** The built SPA (web/dist); absent in route tests. */
  webDir?: string;
  publicUrl?: string;
  logLevel?: string;
  trustProxy?: boolean;
  /** JSON body limit in bytes (ARCHITECTURE: 413 beyond it). */
  bodyLimit?: number;
  /** Background jobs (mails; services only enqueue). */
  queue: JobQueue;
  /** File storage (exports, import files; SPEC §7 /file/…). */
  files: FileStorage;
  /** The portal's address for links in mails: PUBLIC_URL, else http://localhost:PORT. */
  baseUrl?: string;
  /** SPEC §1 profile links: appointment booking (everyone) and documentation (ADMIN type). */
  bookingUrl?: string;
  docsUrl?: string;
  /** Live events of this process; tests pass one with short timers. */
  liveHub?: LiveHub;
  /** Bearer token for GET /metrics from elsewhere than this machine; unset: this machine only. */
  metricsToken?: string;
  /** How long a process keeps a session it read (default 5 s; 0 turns the cache off, as route tests do). */
  actorCacheTtlMs?: number;
  /** How long a process keeps a list's total (default 10 s; 0 turns it off, as route tests do). */
  countCacheTtlMs?: number;
}

/** The Fastify instance with every route; tests build it with their own database (ARCHITECTURE §1). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logLevel && deps.logLevel !== 'silent' ? { level: deps.logLevel } : false,
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    trustProxy: deps.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandlers(app);
  await app.register(routeDeclarations);
  installNoStore(app);

  const https = deps.publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // The app sets no <base>; an injected one could redirect every relative URL of the page.
        'base-uri': ["'none'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'script-src': ["'self'"],
        // Plain-HTTP intranet installations must not have their requests upgraded to HTTPS.
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    // HSTS only where PUBLIC_URL is HTTPS: a plain-HTTP intranet installation, once reached over HTTPS (another
    // service on the same host), would otherwise be pinned to HTTPS for a year and become unreachable.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(originCheck, { publicUrl: deps.publicUrl });
  // The secret better-auth signs its session cookie with; the actor resolver checks signatures itself.
  const { secret } = await deps.auth.$context;
  await app.register(requestAuth, {
    auth: deps.auth,
    database: deps.database,
    secret,
    actorCacheTtlMs: deps.actorCacheTtlMs,
  });
  await app.register(countCacheHooks, { database: deps.database, ttlMs: deps.countCacheTtlMs ?? 10_000 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Schaltschrank-Portal API',
        version: '1.5.9',
        description: 'Alle Aufrufe der Spezifikation §7 unter /api.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await declarePublicRoutes(app, async (docs) => {
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  const db = deps.database.db;
  const baseUrl = deps.baseUrl ?? deps.publicUrl ?? 'http://localhost:3000';
  await app.register(systemRoutes, { db, webDir: deps.webDir, startedAt: new Date() });
  await app.register(authRoutes, { service: createAuthService({ db, auth: deps.auth }) });
  await app.register(userRoutes, { service: createUserService({ db }) });
  await app.register(accountRoutes, {
    db,
    auth: deps.auth,
    queue: deps.queue,
    baseUrl,
    bookingUrl: deps.bookingUrl,
    docsUrl: deps.docsUrl,
  });
  await app.register(legalRoutes);
  await app.register(companyRoutes, { service: createCompanyService({ db, queue: deps.queue, baseUrl }) });
  await app.register(userAdminRoutes, {
    service: createUserAdminService({ db, queue: deps.queue, baseUrl }),
  });
  // The field-value areas (SPEC §7 manufacturer, unit, wholesaler, discount group, E-Class calls).
  await app.register(manufacturerRoutes, { service: createManufacturerService({ db }) });
  await app.register(unitRoutes, { service: createUnitService({ db }) });
  await app.register(wholesalerRoutes, { service: createWholesalerService({ db }) });
  await app.register(discountGroupRoutes, {
    service: createDiscountGroupService({ db }),
    csv: createDiscountGroupCsvService({ db }),
  });
  await app.register(eclassRoutes, { service: createEclassService({ db }) });
  await app.register(articleModule, { db, queue: deps.queue });
  await app.register(fileRoutes, { service: createFileService({ storage: deps.files }) });
  await app.register(importConfigRoutes, { service: createImportConfigService({ db, files: deps.files }) });
  await app.register(articleImportRoutes, {
    db,
    service: createArticleImportService({ database: deps.database, files: deps.files, queue: deps.queue }),
  });

  // The business's events: each step emits one; mail, notifications and live events consume it in its
  // transaction (ARCHITECTURE §3a).
  const events = createDomainEventBus<OfferEvents & EnquiryEvents>();
  registerOfferEventHandlers(events, { queue: deps.queue, baseUrl });
  registerEnquiryEventHandlers(events, { queue: deps.queue, baseUrl });
  await app.register(enquiryRoutes, {
    service: createEnquiryService({ db }),
    commands: createEnquiryCommands({ db, storage: deps.files, events }),
  });
  await app.register(enquiryFileRoutes, { service: createEnquiryFileService({ db, storage: deps.files }) });
  await app.register(enquiryBomRoutes, {
    service: createEnquiryBomService({ db, storage: deps.files, embedded: deps.database.kind === 'pglite' }),
  });
  await app.register(enquiryBomLinesRoutes, { service: createEnquiryBomLinesService({ db }) });
  await app.register(adminBomRoutes, {
    service: createAdminBomService({ db, storage: deps.files, embedded: deps.database.kind === 'pglite' }),
  });
  await app.register(adminBomManufacturerRoutes, { service: createAdminBomManufacturersService({ db }) });
  await app.register(offerModule, { db, storage: deps.files, events });
  await app.register(pricingRoutes, { service: createPricingService({ db }) });
  await app.register(businessDataModule, { db, storage: deps.files, queue: deps.queue, baseUrl });
  await app.register(conversationRoutes, { db, storage: deps.files });
  await app.register(notificationRoutes, { service: createNotificationService({ db }) });
  // One hub per process; it listens (one connection) from the first stream on.
  const hub = deps.liveHub ?? createLiveHub({ database: deps.database });
  // preClose: open streams would keep the server from closing.
  app.addHook('preClose', async () => hub.stop());
  await app.register(eventsRoutes, { db, hub });
  // Its onResponse hook times every route of the app, also those registered above.
  const metrics = createMetrics({
    database: deps.database,
    queue: deps.queue,
    openStreams: () => hub.size(),
    jobIds: ALL_JOBS.map((job) => job.id),
  });
  await app.register(metricsRoutes, { metrics, token: deps.metricsToken });

  await registerWeb(app, deps.webDir);
  return app;
}

/**
 * ASVS 14.3.2: API answers carry personal data and prices; no browser or proxy cache keeps them.
 * Decided by the matched route's declared path; routes that set their own caching (meta.json) keep it.
 */
function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const declared = request.routeOptions.url ?? '';
    if ((declared === '/api' || declared.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * Serves the SPA: hashed assets cached for a year, every other GET answers index.html (client routing), each
 * compressed as the build prepared it when the browser accepts it.
 * Unknown `/api` paths answer JSON 404 through their own catch-all route, so the router (which decodes
 * every spelling of the path) decides, not a test on the raw URL.
 */
async function registerWeb(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const notFound = { code: 'ROUTE_NOT_FOUND', message: ERRORS.ROUTE_NOT_FOUND.message };
  for (const url of ['/api', '/api/*']) {
    app.all(url, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.status(404).send(notFound),
    );
  }
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (!hasWeb) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound));
    return;
  }
  await declarePublicRoutes(app, async (scope) => {
    await scope.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // meta.json and index.html have their own routes (no-cache build date, SPA fallback); the compressed
      // copies are not files of their own but answers to `Accept-Encoding` (preCompressed).
      globIgnore: ['meta.json', 'index.html', '**/*.br', '**/*.gz'],
      // The build writes brotli and gzip copies (web/build-plugins/precompress.ts): sent as they are, with
      // Content-Encoding and `Vary: Accept-Encoding`; the plain file when none is accepted or none exists.
      preCompressed: true,
      // @fastify/static 10 hands the Fastify reply (not the raw response) to setHeaders.
      setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // In the scope that has `sendFile`: every other GET is a client route of the SPA.
    scope.setNotFoundHandler((request, reply) => {
      if (!['GET', 'HEAD'].includes(request.method)) return reply.status(404).send(notFound);
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  });
}
