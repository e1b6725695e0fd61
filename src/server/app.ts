/**
 * Builds the Fastify app: cross-cutting plugins first (errors, validation, security, database, docs), then one
 * plugin per feature under /api, then the static site and its SPA fallback last. `server.ts` starts it; tests
 * build it with their own config and database and talk to it through `app.inject()`.
 */
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { authRoutes } from './features/auth/auth.routes';
import { AccountService } from './features/auth/auth.service';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { healthRoutes } from './features/health/health.routes';
import { createMailer } from './features/mail/mailer';
import { reportsRoutes } from './features/reports/reports.routes';
import { sitemapRoutes } from './features/sitemap/sitemap.routes';
import { usersRoutes } from './features/users/users.routes';
import apiFallback from './plugins/api-fallback';
import auth from './plugins/auth';
import database from './plugins/database';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import rateLimits from './plugins/rate-limits';
import staticSite from './plugins/static-site';
import { jsonBodyParser, zodValidatorCompiler } from './plugins/validation';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Pino logger settings; tests pass false. */
  logger?: boolean | object;
}

export async function buildApp({ config, db, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  jsonBodyParser(app);

  await app.register(errors);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine injects its CSS variables in <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The site links out (forum, partner) and loads nothing cross-origin that needs these.
    crossOriginEmbedderPolicy: false,
  });
  // gzip/brotli for JSON and the front end: the 170 KB initial-JS budget is a compressed size.
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(database, { db });
  await app.register(openapi);
  await app.register(rateLimits, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  await app.register(auth, { jwtSecret: config.jwtSecret, accessTokenLifetime: config.accessTokenLifetime });

  const mailer = createMailer(config, app.log);
  const accounts = new AccountService({
    db: db.kysely,
    tokens: app.tokens,
    mailer,
    counters: app.rateLimits.store,
    failedLoginsPer15Min: config.authAccountPer15Min,
    mailsPerHour: config.authMailPerHour,
    log: app.log,
  });
  // Mails still on their way go out before the SMTP pool closes.
  app.addHook('onClose', async () => {
    await accounts.close();
    await mailer.close();
  });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(apiFallback);
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(authRoutes, { accounts, ipPerMinute: config.authIpPerMinute });
      await api.register(usersRoutes, { accounts, mediaDir: path.join(config.dataDir, 'media') });
      await api.register(reportsRoutes, { accounts, ipPerMinute: config.authIpPerMinute });
    },
    { prefix: '/api' },
  );
  await app.register(sitemapRoutes, { baseUrl: config.publicBaseUrl });
  await app.register(staticSite, {
    clientDir: config.clientDir,
    mediaDir: path.join(config.dataDir, 'media'),
    siteMeta: { 'forum-url': config.forumUrl, 'partner-url': config.partnerUrl },
  });

  return app;
}
