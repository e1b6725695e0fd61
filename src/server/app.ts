/**
 * Builds the Fastify app, the one place that shows the order of things: the instance and its validation, the
 * services (services.ts, the composition root), cross-cutting plugins (errors, overload, metrics, security,
 * compression, body parsers, database, docs, auth), one plugin per feature under /api given only the services it
 * uses, then the sitemap and the static site with its SPA fallback last. `server.ts` starts it; tests build it with
 * their own config and database and talk to it through `app.inject()`.
 */
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config';
import type { Db } from './db/database';
import { adminRoutes } from './features/admin/admin.routes';
import { aiRoutes } from './features/ai/ai.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { authRoutes } from './features/auth/auth.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { type CatalogueImport, catalogueAdminRoutes } from './features/catalogue-admin/catalogue-admin.routes';
import { catalogueSchemaRoutes } from './features/catalogue-admin/catalogue-schema.routes';
import { loadCataloguePackage } from './features/catalogue/package/load-package';
import { cataloguePackageJsonSchema } from './features/catalogue/package/package-json-schema';
import { healthRoutes } from './features/health/health.routes';
import { ingestionRoutes } from './features/ingestion/ingestion.routes';
import { logsRoutes } from './features/logs/logs.routes';
import { heatmapRoutes } from './features/heatmap/heatmap.routes';
import { baitGuideRoutes } from './features/bait-guide/bait-guide.routes';
import { loggersRoutes } from './features/loggers/loggers.routes';
import { sitemapRoutes } from './features/sitemap/sitemap.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { collectionRoutes } from './features/collection/collection.routes';
import { usersRoutes } from './features/users/users.routes';
import { ownDataRoutes } from './features/users/own-data.routes';
import { vipRoutes } from './features/vip/vip.routes';
import apiFallback from './plugins/api-fallback';
import auth from './plugins/auth';
import database from './plugins/database';
import errors from './plugins/errors';
import metricsPlugin from './plugins/metrics';
import overload from './plugins/overload';
import { AppMetrics } from './metrics/app-metrics';
import securityHeaders from './plugins/security-headers';
import { privateAnswers } from './http/no-store';
import openapi from './plugins/openapi';
import { RequestLogController, requestSerializer } from './http/request-log';
import { loadPageRenderer } from './plugins/page-renderer';
import staticSite from './plugins/static-site';
import { jsonBodyParser } from './http/json-bodies';
import { responseSerializerCompiler, zodValidatorCompiler } from './http/zod-compilers';
import { createServices, type Services } from './services';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Pino logger settings (e.g. a `stream` to read the log); tests pass false. */
  logger?: boolean | object;
  /** Called with every route as it is added: tests read the route table through it. */
  onRoute?: (route: RouteOptions) => void;
  /** Instead of the app's own package loader or importer behind `/api/admin/catalogue` (tests: a test loader, a slow importer). */
  catalogueImport?: Partial<CatalogueImport>;
  /** The server's clock where the services take one (tests: a checkout past its deadline). */
  clock?: () => number;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** For what runs beside the app: the start-up seeding refreshes the catalogue, tests issue tokens. */
  services: Services;
}

export async function buildApp({ config, db, logger, onRoute, catalogueImport, clock }: AppOptions): Promise<BuiltApp> {
  // 1. The instance: logging, proxy trust, body size; zod validates requests and writes answers. Proxy trust is a
  // hop count or a list of proxies (config.ts), never `true`, so request.ip is the address the nearest untrusted hop
  // reported, not one the client wrote.
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: { req: requestSerializer },
          },
    // Which requests the log names: failed, slow and refused ones; the rest at debug (http/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A request that reaches a server shutting down (on a proxy's kept-alive connection) is served, with
    // `Connection: close`, not refused with 503: a proxy sends a refused GET to another instance, but not a POST it
    // has already sent (a logger's registration, a login), so the 503 would reach the user (docs/operations.md).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  jsonBodyParser(app);
  if (onRoute) app.addHook('onRoute', onRoute);

  // 2. Every repository and service, built once. Closed with the app: mails in flight go out before the SMTP pool
  // closes, then the rate-limit store lets go of Redis.
  const metrics = new AppMetrics();
  const services = await createServices(db, config, app.log, metrics, clock ? { clock } : {});
  app.addHook('onClose', async () => {
    await services.close();
  });

  // 3. Cross-cutting plugins. Errors first, so everything after answers in the {detail} shape.
  await app.register(errors);
  // Before any other hook: a request refused for overload costs nothing more (decision 0027).
  await app.register(overload, { ...config.overload, onRefused: (reason) => metrics.overloaded(reason) });
  await app.register(metricsPlugin, { metrics, ...config.metrics });
  await app.register(securityHeaders);
  // gzip/brotli for JSON and the front end: the 170 KB initial-JS budget is a compressed size.
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(database, { db });
  await app.register(openapi);
  // Which tokens are good is the auth feature's rule; the plugin only reads the header and answers 401 / 403.
  await app.register(auth, { authenticate: (token) => services.authentication.authenticate(token) });
  // Every route that reads the caller answers `Cache-Control: no-store` (its rule in http/no-store.ts).
  privateAnswers(app);

  // 4. Health at the root for load balancers; the features under /api, each given only what it uses.
  const readiness = {
    ...(config.redisUrl && { redis: () => services.counters.ping() }),
    catalogue: () => services.catalogue.view(),
  };
  await app.register(healthRoutes, { readiness });
  await app.register(
    async (api) => {
      await api.register(apiFallback);
      await api.register(healthRoutes, { clientDir: config.clientDir, readiness });
      await api.register(catalogueRoutes, { catalogue: services.catalogue });
      await api.register(catalogueSchemaRoutes, { packageSchema: cataloguePackageJsonSchema });
      await api.register(catalogueAdminRoutes, {
        catalogueImport: {
          importer: services.catalogueImporter,
          loadPackage: loadCataloguePackage,
          ...catalogueImport,
        },
        rateLimits: services.rateLimits,
        uploadMaxBytes: config.catalogueAdmin.uploadMaxBytes,
        perMinute: config.catalogueAdmin.perMinute,
      });
      await api.register(authRoutes, {
        authentication: services.authentication,
        rateLimits: services.rateLimits,
        ipPerMinute: config.authIpPerMinute,
      });
      await api.register(usersRoutes, {
        profiles: services.profiles,
        rateLimits: services.rateLimits,
        avatarUploadsPerMinute: config.avatarUploadsPerMinute,
      });
      await api.register(ownDataRoutes, {
        profiles: services.profiles,
        ownData: services.ownData,
        rateLimits: services.rateLimits,
      });
      await api.register(loggersRoutes, {
        loggerBinding: services.loggerBinding,
        loggerAuth: services.loggerAuth,
        rateLimits: services.rateLimits,
        ipPerMinute: config.authIpPerMinute,
        limits: config.loggerLimits,
      });
      await api.register(ingestionRoutes, {
        writer: services.catchWriter,
        loggerAuth: services.loggerAuth,
        lastSeen: services.lastSeen,
        metrics,
      });
      await api.register(logsRoutes, { logs: services.logs });
      await api.register(statsRoutes, { stats: services.stats });
      await api.register(collectionRoutes, { collection: services.collection });
      await api.register(heatmapRoutes, { heatmap: services.heatmap });
      await api.register(baitGuideRoutes, { baitGuide: services.baitGuide, catalogue: services.catalogue });
      await api.register(vipRoutes, { vip: services.vip, rateLimits: services.rateLimits });
      await api.register(aiRoutes, { ai: services.ai, freePerMinute: config.ai.freePerMinute });
      await api.register(alertsRoutes, { alerts: services.alerts, rateLimits: services.rateLimits });
      await api.register(adminRoutes, {
        console: services.admin,
        rateLimits: services.rateLimits,
        perMinute: config.adminPerMinute,
      });
    },
    { prefix: '/api' },
  );
  // 5. Outside /api: the sitemaps, then the static site and its SPA fallback, last since it answers whatever is left.
  await app.register(sitemapRoutes, { baseUrl: config.publicBaseUrl, catalogue: services.catalogue });
  await app.register(staticSite, {
    clientDir: config.clientDir,
    baseUrl: config.publicBaseUrl,
    renderer: await loadPageRenderer(config.ssrDir),
    renderCacheMs: config.ssrCacheMs,
    renderStaleMs: config.ssrStaleMs,
    catalogueVersion: async () => (await services.catalogue.view()).version,
    mediaDir: path.join(config.dataDir, 'media'),
    siteMeta: {
      'forum-url': config.forumUrl,
      'partner-url': config.partnerUrl,
      'share-min-sample': String(config.shareMinSample),
    },
  });

  return { app, services };
}
