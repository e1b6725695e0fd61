/**
 * The composition root: every repository and service of the app, built once from the database, the configuration
 * and the logger. `app.ts` hands each route plugin the few of them it uses; nothing else constructs them. Features
 * never build or import one another's repositories: a feature that needs another one gets that one's service here
 * (registration checks a logger id through the logger binding), and the tables several features share sit outside
 * features/ (src/server/accounts/: the users table, tokens, passwords).
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { TokenService } from './accounts/tokens';
import { isVip, UsersRepository } from './accounts/users.repository';
import { BackgroundTasks } from './background-tasks';
import {
  CatchCommitThread,
  type CatchModeration,
  type CatchWriter,
  createCatchModeration,
  createCatchWriter,
  type HeatRollups,
} from './catch-store/catch-store';
import type { Config } from './config';
import type { Db } from './db/database';
import type { CatalogueImporter } from './features/catalogue/package/package-types';
import { createHmac } from 'node:crypto';
import { AdminAi } from './features/admin/admin-ai';
import { AdminCatches } from './features/admin/admin-catches';
import { AdminOverviewReads } from './features/admin/admin-overview';
import { AdminRecords } from './features/admin/admin-records';
import type { AdminConsole } from './features/admin/admin.routes';
import { AdminLoggers } from './features/admin/admin-loggers';
import { AdminUsers } from './features/admin/admin-users';
import { AuditLog } from './features/admin/audit-log';
import { FishAliases } from './features/admin/fish-aliases';
import { parseRecordsFile, RecordsFileError } from './features/ingestion/records-file';
import { importRecords } from './features/ingestion/records-import';
import { AiRepository } from './features/ai/ai.repository';
import { AlertJob } from './features/alerts/alert-job';
import { AlertsRepository } from './features/alerts/alerts.repository';
import { AlertsService } from './features/alerts/alerts.service';
import { UnsubscribeLinks } from './features/alerts/unsubscribe-links';
import { AiService } from './features/ai/ai.service';
import { BuiltinAnswerer } from './features/ai/builtin-answerer';
import { AuthenticationService } from './features/auth/auth.service';
import { LoginLimits } from './features/auth/login-limits';
import { RevokedTokensRepository } from './features/auth/revoked-tokens.repository';
import { SqlCatalogueImporter } from './features/catalogue/catalogue-importer';
import { CatalogueSnapshot } from './features/catalogue/catalogue-snapshot';
import { OwnDataExport } from './features/users/own-data-export';
import { CatalogueRepository } from './features/catalogue/catalogue.repository';
import { catalogueVersionMarker, CatalogueWatcher } from './features/catalogue/catalogue-watcher';
import { LogsRepository } from './features/logs/logs.repository';
import { LogsService } from './features/logs/logs.service';
import { BaitGuideRepository } from './features/bait-guide/bait-guide.repository';
import { BaitGuideService } from './features/bait-guide/bait-guide.service';
import { HeatmapRepository } from './features/heatmap/heatmap.repository';
import { HeatmapService } from './features/heatmap/heatmap.service';
import { createMailer, type Mailer } from './features/mail/mailer';
import { BindingAttempts } from './features/loggers/binding-attempts';
import { BindingCodesRepository } from './features/loggers/binding-codes.repository';
import { LastSeen } from './features/loggers/last-seen';
import { LoggerAuth } from './features/loggers/logger-auth';
import { LoggerBindingService } from './features/loggers/logger-binding.service';
import { LoggerClientsRepository } from './features/loggers/logger-clients.repository';
import { AvatarStore } from './features/users/avatar-store';
import { AllTimeRepository } from './features/stats/all-time.repository';
import { CollectionSharesRepository } from './features/collection/collection-shares.repository';
import { CollectionService } from './features/collection/collection.service';
import { StatsRepository } from './features/stats/stats.repository';
import { StatsService } from './features/stats/stats.service';
import { ProfileService } from './features/users/profile.service';
import { PaymentEvents } from './features/vip/payment-events';
import type { PaymentProvider } from './features/vip/payment-provider';
import { createPaymentProvider } from './features/vip/payment-providers';
import { VipRepository } from './features/vip/vip.repository';
import { VipService } from './features/vip/vip.service';
import { type CounterStore, createCounterStore } from './counter-store';
import { createRateLimits, type RateLimits } from './http/rate-limits';
import { AppMetrics } from './metrics/app-metrics';

export interface Services {
  /** Access, reset and verification JWTs. */
  tokens: TokenService;
  users: UsersRepository;
  revokedTokens: RevokedTokensRepository;
  loggerClients: LoggerClientsRepository;
  /** Account e-mails: SMTP, or `.eml` files in the outbox. */
  mailer: Mailer;
  /** Fixed-window counters (in memory, or Redis shared by every instance) behind every limit. */
  counters: CounterStore;
  /** Per-IP and per-user onRequest hooks over `counters`. */
  rateLimits: RateLimits;
  /** Password guesses per account and client address (429) and per account (slowed down). */
  loginLimits: LoginLimits;
  /** Work after the answer: the account e-mails and the lookups before them. */
  tasks: BackgroundTasks;
  /** Register, log in and out, which tokens are good, password reset and e-mail verification (with their mails). */
  authentication: AuthenticationService;
  /** `/users/me` and the superuser user routes: profile edits, avatar, deletion. */
  profiles: ProfileService;
  /** A player's own catches and sales as CSV (`/users/me/catches.csv`, `/sales.csv`). */
  ownData: OwnDataExport;
  /** Loggers registering themselves, their binding codes and tokens, binding a logger id to an account. */
  loggerBinding: LoggerBindingService;
  /** Which logger a request's token belongs to (the logger routes and the uploads). */
  loggerAuth: LoggerAuth;
  /** When each logger last uploaded. */
  lastSeen: LastSeen;
  /** The catalogue in memory; `refresh()` it after writing the catalogue. */
  catalogue: CatalogueSnapshot;
  /**
   * Reloads `catalogue` when another process (or this one) applied a new catalogue version, then rebuilds the heat
   * map of the maps whose bounds moved (decision 0025). Started by server.ts; stopped by `close()`.
   */
  catalogueWatcher: CatalogueWatcher;
  /** Catalogue packages: dry run, apply as a version, versions, rollback, export (docs/catalogue-format.md). */
  catalogueImporter: CatalogueImporter;
  /** The one writer of catches, sales and official records (uploads, records import, demo seeding, benchmarks). */
  catchWriter: CatchWriter;
  /** The catch logs and official records (`/logs/*`). */
  logs: LogsService;
  /** Personal stats of a user's bound logger (`/users/me/stats`). */
  stats: StatsService;
  /** A player's fish collection and its public page (`/users/me/collection`, `/collections/{share_id}`). */
  collection: CollectionService;
  /** The heat map's rollup, counted by the catch writer; `ensureComplete()` at start-up, `ensureBounds()` on a reload. */
  heatRollups: HeatRollups;
  /**
   * The operator's actions on doubtful data (decision 0039): flag or clear a logger, hide or restore catches, each
   * counted into the rollups at once. For the moderation console.
   */
  catchModeration: CatchModeration;
  /** Catches per grid cell of a map (`/heatmap`). */
  heatmap: HeatmapService;
  /** Baits ranked by share over the last 72 hours (`/bait-guide`). */
  baitGuide: BaitGuideService;
  /** The configured payment provider (`local` or `stripe`). */
  paymentProvider: PaymentProvider;
  /** VIP orders, status, webhooks and the local renewals (`renewDue`). */
  vip: VipService;
  /** The AI chat: quotas, the built-in answerer over the services above, the optional model (`/ai/*`). */
  ai: AiService;
  /** The moderation console (`/api/admin/*` but the catalogue's; issue 24, decision 0040): every change audited. */
  admin: AdminConsole;
  /** A VIP member's follows, alerts and alert e-mail setting (`/alerts/*`, decision 0036). */
  alerts: AlertsService;
  /** Raises the alerts from the catches as they arrive; server.ts runs it every ALERTS_INTERVAL_MS. */
  alertJob: AlertJob;
  /** The Prometheus instruments the services above report to (decision 0027). */
  metrics: AppMetrics;
  /** Lets background work (mails in flight) finish, then closes the SMTP pool and the counter store (Redis). */
  close(): Promise<void>;
}

/** `metrics`: the app's instruments (app.ts); the command-line tools, which serve none, leave them to a private set. */
export interface ServiceOptions {
  /**
   * The server's clock (epoch ms) for what tests run at another time: the VIP checkouts' deadlines (decision 0032),
   * the alerts' days and unsubscribe links (decision 0036).
   */
  clock?: () => number;
}

export async function createServices(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  metrics = new AppMetrics(),
  { clock = Date.now }: ServiceOptions = {},
): Promise<Services> {
  const tokens = new TokenService(config.jwtSecret, config.accessTokenLifetime);
  const users = new UsersRepository(db.kysely);
  const revokedTokens = new RevokedTokensRepository(db.kysely);
  const loggerClients = new LoggerClientsRepository(db.kysely, db.committedReads);
  const catalogueRepository = new CatalogueRepository(db.kysely);
  const mailer = createMailer(config, log);
  const counters = await createCounterStore({ redisUrl: config.redisUrl, redisPrefix: config.redisPrefix }, log);
  const rateLimits = createRateLimits(counters);
  const loginLimits = new LoginLimits(counters, {
    perAddress: config.authAccountPer15Min,
    ceiling: config.authAccountCeilingPer15Min,
  });
  const tasks = new BackgroundTasks(log);

  const loggerBinding = new LoggerBindingService({
    clients: loggerClients,
    codes: new BindingCodesRepository(db.kysely),
    users,
    attempts: new BindingAttempts(counters),
  });
  const loggerAuth = new LoggerAuth(loggerClients);
  const lastSeen = new LastSeen(loggerClients, log);
  const authentication = new AuthenticationService({
    users,
    revokedTokens,
    tokens,
    mailer,
    loggerBinding,
    counters,
    loginLimits,
    tasks,
    mailsPerHour: config.authMailPerHour,
    log,
  });
  const profiles = new ProfileService({
    users,
    avatars: new AvatarStore(path.join(config.dataDir, 'media')),
    passwords: authentication,
    mailer,
    tasks,
    // The VIP service is built below; no account is deleted before this function has returned.
    renewals: { stopRenewals: async (user) => void (await vip.stopRenewals(user)) },
  });
  const catalogue = new CatalogueSnapshot(catalogueRepository);
  // After an apply, here at once what every instance's watcher does within its interval: the catalogue in memory
  // reloaded, then the heat map of the maps whose bounds moved rebuilt (decision 0025).
  const catalogueImporter = new SqlCatalogueImporter({
    db: db.kysely,
    mediaDir: path.join(config.dataDir, 'media'),
    catalogue,
    // Committed whatever happens here: a failure is logged, and the watcher's next check tries again.
    onApplied: async () => {
      await catalogueWatcher
        .afterApplied()
        .catch((error: unknown) => log.warn({ err: error }, 'catalogue reload after an apply failed'));
    },
  });
  // Judges uploads against the catalogue in memory, which `catalogue.refresh()` replaces whenever it is written, and
  // counts new catches into the heat map's rollup in their transaction.
  // SQLite files: groups of catches commit on a thread of their own, off the event loop (decision 0016).
  const { sqliteWriter } = db;
  const catchThread =
    sqliteWriter &&
    new CatchCommitThread(
      () => ({
        file: sqliteWriter.file,
        busyTimeoutMs: sqliteWriter.busyTimeoutMs(),
        cacheMib: sqliteWriter.cacheMib,
      }),
      (message) => log.warn(message),
    );
  const { writer: catchWriter, rollups: heatRollups } = createCatchWriter(db.kysely, catalogue, {
    ...(catchThread && { thread: catchThread }),
    observeCommits: (table) => metrics.commitQueue(table),
    trustRules: config.catchTrust,
    warn: (message, error) => log.warn({ err: error }, message),
  });
  const catchModeration = createCatchModeration(db.kysely, heatRollups);

  const liveVersion = catalogueVersionMarker(db.reads);
  metrics.catalogueVersion(async () => Number((await liveVersion()) ?? 0));
  const catalogueWatcher = new CatalogueWatcher(catalogue, {
    marker: liveVersion,
    intervalMs: config.catalogueWatchMs,
    afterRefresh: async () => {
      const rebuilt = await heatRollups.ensureBounds();
      if (rebuilt.length > 0) log.info({ maps: rebuilt }, 'heat map rebuilt for new map bounds');
    },
    onError: (error) => log.warn({ err: error }, 'catalogue reload failed; tried again at the next check'),
  });

  // Start-up: avatar pictures no user refers to any more (a crash between file and row) are deleted. A failure
  // only leaves them for the next start.
  await profiles.sweepAvatars().then(
    (removed) => removed > 0 && log.info({ removed }, 'unreferenced avatar pictures deleted'),
    (error: unknown) => log.warn({ err: error }, 'avatar sweep failed'),
  );
  const logs = new LogsService(new LogsRepository(db.reads, db.dialect, config.keptAnswerFreshMs));
  // A logger's own stats: its recent catches are read where its sums are, never on a lagging replica (decision 0030).
  const stats = new StatsService(
    new StatsRepository(db.kysely),
    new AllTimeRepository(db.kysely),
    db.committedReads === db.reads ? logs : new LogsService(new LogsRepository(db.committedReads, db.dialect)),
  );
  // The collection reads the stats' grouped catches of a logger (migration 0019's index): the owner's where they are
  // written, a shared one's on the public reads' connection.
  const collection = new CollectionService({
    shares: new CollectionSharesRepository(db.kysely),
    ownCatches: new AllTimeRepository(db.kysely),
    sharedCatches: new AllTimeRepository(db.reads),
    catalogue,
    publicBaseUrl: config.publicBaseUrl,
  });
  const keeping = { keep: true, freshMs: config.keptAnswerFreshMs };
  const heatmap = new HeatmapService(new HeatmapRepository(db.reads, db.dialect), catalogue, Date.now, keeping);
  heatmap.observeKeptAnswers(metrics.keptAnswer('heatmap'));
  const baitGuide = new BaitGuideService(new BaitGuideRepository(db.reads, db.dialect), Date.now, keeping);
  baitGuide.observeKeptAnswers({
    guide: metrics.keptAnswer('bait_guide'),
    detail: metrics.keptAnswer('bait_guide_detail'),
  });
  const paymentProvider = createPaymentProvider(config.payment, { now: clock });
  const vipRepository = new VipRepository(db.kysely);
  metrics.ordersByStatus(() => vipRepository.countByStatus());
  const vip = new VipService({
    repository: vipRepository,
    events: new PaymentEvents(vipRepository, log, clock),
    users,
    provider: paymentProvider,
    ...(config.payment.localSecret ? { localSecret: config.payment.localSecret } : {}),
    publicBaseUrl: config.publicBaseUrl,
    partnerUrl: config.partnerUrl,
    checkoutExpiryMs: config.payment.checkoutExpiryMs,
    log,
    clock,
  });

  // The AI chat answers from the very services the pages use, so its numbers are theirs; it also knows the fish
  // aliases the console adds.
  const fishAliases = new FishAliases(db.kysely);
  const ai = new AiService({
    answerer: new BuiltinAnswerer(
      { catalogue, baitGuide, heatmap, records: logs, aliases: fishAliases },
      { shareMinSample: config.shareMinSample },
    ),
    repository: new AiRepository(db.kysely),
    counters,
    membership: { isVip: (user) => isVip(user) },
    settings: config.ai,
    // Visitors' addresses are stored as a keyed hash; the key is derived from the JWT secret, never stored.
    ipHashKey: createHmac('sha256', config.jwtSecret).update('ai-question-ip').digest('hex'),
    log,
    onAnswered: (engine, fallback) => metrics.aiQuestion(engine, fallback),
  });

  // The moderation console (issue 24): one audit log every change goes through, the areas over the other features'
  // services (VIP grants and refunds, the records import, the AI chat's names), the operator's password checked by
  // the account's own rule.
  const audit = new AuditLog(db.kysely, clock);
  const admin: AdminConsole = {
    audit,
    overview: new AdminOverviewReads(db.kysely, clock),
    users: new AdminUsers({ db: db.kysely, audit, vip, passwords: authentication }),
    records: new AdminRecords({
      db: db.kysely,
      audit,
      catalogue,
      passwords: authentication,
      clock,
      records: {
        parse: parseRecordsFile,
        isFileError: (error): error is Error => error instanceof RecordsFileError,
        run: (file) => importRecords(catchWriter, file),
      },
    }),
    ai: new AdminAi({ db: db.kysely, audit, aliases: fishAliases, chat: ai, catalogue, clock }),
    catches: new AdminCatches({ db: db.kysely, audit, catches: catchModeration, passwords: authentication, clock }),
    loggers: new AdminLoggers({
      db: db.kysely,
      audit,
      moderation: catchModeration,
      passwords: authentication,
      revokeToken: (trx, loggerId) => new LoggerClientsRepository(trx).revokeToken(loggerId),
      probationMs: config.catchTrust.probationMs,
      clock,
    }),
    passwords: authentication,
  };

  // Alerts (decision 0036): the member's routes, and the job that raises alerts from the bait guide's kept answers and
  // the catch store's change counters, mailing through the one mailer.
  const unsubscribeLinks = new UnsubscribeLinks(config.jwtSecret, clock);
  const alerts = new AlertsService({
    repository: new AlertsRepository(db.kysely),
    catalogue,
    links: unsubscribeLinks,
    isVip: (user, now) => isVip(user, now),
    clock,
  });
  const alertJob = new AlertJob({
    db: db.kysely,
    baitGuide,
    catalogue,
    mailer,
    links: unsubscribeLinks,
    isVip: (user, now) => isVip(user, now),
    log,
    clock,
  });

  return {
    tokens,
    users,
    revokedTokens,
    loggerClients,
    mailer,
    counters,
    rateLimits,
    loginLimits,
    tasks,
    authentication,
    profiles,
    ownData: new OwnDataExport(db.committedReads, catalogue),
    loggerBinding,
    loggerAuth,
    lastSeen,
    catalogue,
    catalogueWatcher,
    catalogueImporter,
    catchWriter,
    logs,
    stats,
    collection,
    heatRollups,
    catchModeration,
    heatmap,
    baitGuide,
    paymentProvider,
    vip,
    ai,
    admin,
    alerts,
    alertJob,
    metrics,
    async close() {
      await catalogueWatcher.stop();
      // Mails still on their way go out before the SMTP pool closes.
      await tasks.drain();
      await mailer.close();
      await counters.close();
      await lastSeen.close();
      await catchThread?.stop();
    },
  };
}
