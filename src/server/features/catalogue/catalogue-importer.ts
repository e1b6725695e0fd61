/**
 * Applies catalogue packages to the database (docs/catalogue-format.md): the dry run (the package's problems, its diff
 * against the live catalogue and the impact on stored data), the apply as the next version in one transaction, the
 * versions, rollbacks (an earlier version's content applied again as a new version) and the export of the live
 * catalogue as a package. The CLI (catalogue-cli.ts), the admin routes and the demo world's first start all go
 * through it.
 *
 * An apply: (1) the plan — the live catalogue read, diffed and its impact counted, outside any transaction (counting
 * references at 5 M catches must not hold the write lock); (2) the pictures written, content-addressed
 * (catalogue-pictures.ts); (3) one transaction that takes the apply lock, checks the live version is still the one
 * planned against (else plans again), counts again the references to the removed items, replaces the rows and records
 * the version and its audit entry; (4) after the commit, `onApplied`.
 */
import { mkdir, readdir } from 'node:fs/promises';
import type { Kysely, Transaction } from 'kysely';
import { CATEGORY_GROUPS, type CategoryGroup } from '#shared/contracts/catalogue';
import {
  type CatalogueApplyResult,
  type CatalogueDryRun,
  type CatalogueVersion,
  type CatalogueVersionList,
  PACKAGE_GROUP_FILES,
  type PackageGroups,
  type PackageProblem,
} from '#shared/contracts/catalogue-package';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import {
  type ContentGroups,
  contentOfPackage,
  hashOfPictureUrl,
  itemCount,
  PICTURE_GROUPS,
  serializeContent,
  sha256Hex,
} from './catalogue-content';
import { type ContentDiff, diffContent } from './catalogue-diff';
import { countReferences, type ImpactRequest } from './catalogue-impact';
import { pictureKeys, readPicture, storePictures } from './catalogue-pictures';
import { type AuditSummary, CatalogueVersionsRepository } from './catalogue-versions.repository';
import { packageProblem } from './package/package-problems';
import type { CatalogueImporter, LoadedPackage, PackageLoad } from './package/package-types';
import { writeCataloguePackage } from './package/write-package';

/**
 * Called once a version is committed, with the maps whose bounds it changed: the heat-map rollups of those are to be
 * rebuilt, and the catalogue in memory refreshed. Awaited by `apply` / `rollback`; its failure is theirs (the version
 * stays committed: a running server's watcher picks it up anyway).
 */
export type OnApplied = (version: CatalogueVersion, rebuildMaps: readonly number[]) => Promise<void>;

export interface CatalogueImporterOptions {
  db: Kysely<Database>;
  /** The folder served as `/media`: pictures go to `<mediaDir>/catalogue/<sha256>.<ext>`. */
  mediaDir: string;
  /** The catalogue in memory, refreshed after an apply unless `onApplied` is given. */
  catalogue: { refresh(): Promise<unknown> };
  /** Replaces the default (`catalogue.refresh()`): cat-rollups wires the heat rebuild and the refresh here. */
  onApplied?: OnApplied;
  /** Epoch ms (tests fix it). */
  now?: () => number;
}

/** What the version being made is, besides its content. */
type VersionFields = Omit<CatalogueVersion, 'id' | 'applied_at'>;

interface Plan {
  report: CatalogueDryRun;
  /** The version the plan was made against (undefined: none yet). */
  liveVersion: CatalogueVersion | undefined;
  live: ContentGroups;
  /** The catalogue to make live, `introduced_in` decided. */
  next: ContentGroups;
  /** Removed items with no reference when planned: counted again inside the transaction. */
  removed: ImpactRequest;
  summary: AuditSummary;
}

const GAME_OF_DEMO = 'Anglerdex demo';
const DEMO_MARK = 'demo_world';
/** Plans made again when another apply committed between the plan and the transaction. */
const MAX_ATTEMPTS = 3;

class StalePlan extends Error {}
class RefusedInTransaction extends Error {
  constructor(readonly problems: PackageProblem[]) {
    super('refused');
  }
}

export class SqlCatalogueImporter implements CatalogueImporter {
  private readonly db: Kysely<Database>;
  private readonly versionsRepo: CatalogueVersionsRepository;
  private readonly mediaDir: string;
  private readonly onApplied: OnApplied;
  private readonly now: () => number;

  constructor(options: CatalogueImporterOptions) {
    this.db = options.db;
    this.versionsRepo = new CatalogueVersionsRepository(options.db);
    this.mediaDir = options.mediaDir;
    this.onApplied =
      options.onApplied ??
      (async () => {
        await options.catalogue.refresh();
      });
    this.now = options.now ?? Date.now;
  }

  async dryRun(load: PackageLoad): Promise<CatalogueDryRun> {
    if (!load.ok) return unreadable(load.problems);
    return (await this.planPackage(load.pkg)).report;
  }

  async apply(load: PackageLoad, appliedBy: string): Promise<CatalogueApplyResult> {
    if (!load.ok) return { ...unreadable(load.problems), version: null };
    const { pkg } = load;
    return this.commit(
      () => this.planPackage(pkg),
      {
        game: pkg.manifest.game,
        patch: pkg.manifest.patch,
        package_sha256: pkg.contentSha256,
        kind: 'import',
        restored_from: null,
        applied_by: appliedBy,
      },
      () => storePictures(this.mediaDir, referencedImages(pkg)),
    );
  }

  async versions(): Promise<CatalogueVersionList> {
    const items = await this.versionsRepo.list();
    return { items, live: items[0]?.id ?? null };
  }

  async previewRollback(versionId: number): Promise<CatalogueDryRun> {
    return (await this.planRollback(versionId)).plan.report;
  }

  async rollback(versionId: number, appliedBy: string): Promise<CatalogueApplyResult> {
    const first = await this.planRollback(versionId);
    const { version } = first;
    let planned: Plan | undefined = first.plan;
    const makePlan = async () => {
      const plan = planned ?? (await this.planRollback(versionId)).plan;
      planned = undefined;
      return plan;
    };
    return this.commit(makePlan, {
      game: version.game,
      patch: version.patch,
      package_sha256: version.package_sha256,
      kind: 'rollback',
      restored_from: version.id,
      applied_by: appliedBy,
    });
  }

  async exportTo(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    if ((await readdir(dir)).length > 0)
      throw new DomainError('conflict', 'CATALOGUE_EXPORT_DIR_NOT_EMPTY', { reason: `${dir} is not empty` });
    const [live, version] = await Promise.all([this.versionsRepo.liveContent(), this.versionsRepo.live()]);
    const images = new Map<string, Buffer>();
    const paths = new Map<string, string>();
    const groups = Object.fromEntries(CATEGORY_GROUPS.map((group) => [group, []])) as unknown as PackageGroups;
    for (const group of CATEGORY_GROUPS) {
      for (const item of live[group]) {
        const data = { ...item.data };
        if (typeof data.image === 'string') data.image = await this.exportPicture(data.image, images, paths);
        (groups[group] as unknown[]).push({
          id: item.id,
          name: item.name,
          name_en: item.name_en,
          name_ja: item.name_ja,
          sort: item.sort,
          ...(item.deprecated ? { deprecated: true } : {}),
          data,
        });
      }
    }
    await writeCataloguePackage(dir, {
      game: version?.game ?? 'unknown',
      patch: version?.patch ?? 'initial',
      createdAt: new Date(this.now()).toISOString(),
      groups,
      images,
    });
  }

  /** The package path of a live picture (`images/<sha256>.<ext>`), its bytes added to `images` once. */
  private async exportPicture(url: string, images: Map<string, Buffer>, paths: Map<string, string>): Promise<string> {
    const known = paths.get(url);
    if (known) return known;
    const bytes = await readPicture(this.mediaDir, url);
    if (!bytes) throw new DomainError('conflict', 'CATALOGUE_PICTURE_MISSING', { reason: `${url} is not on disk` });
    const extension = /\.([a-z]+)$/.exec(url)?.[1] ?? 'png';
    const relative = `images/${hashOfPictureUrl(url) ?? sha256Hex(bytes)}.${extension === 'jpg' ? 'jpeg' : extension}`;
    images.set(relative, bytes);
    paths.set(url, relative);
    return relative;
  }

  private async planPackage(pkg: LoadedPackage): Promise<Plan> {
    const target = contentOfPackage(pkg);
    const { game, patch, created_at } = pkg.manifest;
    return this.plan(target, { game, patch, created_at }, missingPictures(pkg), (_item, live, liveEmpty) =>
      live ? live.introduced_in : liveEmpty ? null : patch,
    );
  }

  private async planRollback(versionId: number) {
    const stored = await this.versionsRepo.withContent(versionId);
    if (!stored)
      throw new DomainError('not-found', 'CATALOGUE_VERSION_NOT_FOUND', {
        reason: `no catalogue version ${versionId}`,
      });
    const { version, groups } = stored;
    // The version's own `introduced_in`: the badges of its time come back with it.
    const plan = await this.plan(
      groups,
      { game: version.game, patch: version.patch, created_at: new Date(version.applied_at).toISOString() },
      [],
      (item) => item.introduced_in,
    );
    return { version, plan };
  }

  private async plan(
    target: ContentGroups,
    manifest: CatalogueDryRun['manifest'],
    problems: PackageProblem[],
    introducedIn: (
      item: ContentGroups[CategoryGroup][number],
      live: ContentGroups[CategoryGroup][number] | undefined,
      liveEmpty: boolean,
    ) => string | null,
  ): Promise<Plan> {
    const [liveVersion, live] = await Promise.all([this.versionsRepo.live(), this.versionsRepo.liveContent()]);
    problems.push(...duplicateIds(target));
    const urls = PICTURE_GROUPS.flatMap((group) =>
      [...live[group], ...target[group]].map((item) => item.data.image).filter((url) => typeof url === 'string'),
    );
    const changes = diffContent(live, target, await pictureKeys(this.mediaDir, urls));
    const removed = await this.countImpact(changes, problems);

    const liveEmpty = itemCount(live) === 0;
    const next = Object.fromEntries(
      CATEGORY_GROUPS.map((group) => {
        const byId = new Map(live[group].map((item) => [item.id, item]));
        return [
          group,
          target[group].map((item) => ({ ...item, introduced_in: introducedIn(item, byId.get(item.id), liveEmpty) })),
        ];
      }),
    ) as unknown as ContentGroups;

    const { diff, unchanged, rebuildMaps } = changes;
    return {
      report: { ok: problems.length === 0, problems, manifest, diff, unchanged, rebuild_maps: rebuildMaps },
      liveVersion,
      live,
      next,
      removed,
      summary: {
        added: diff.added.length,
        changed: diff.changed.length,
        removed: diff.removed.length,
        deprecated: diff.deprecated.length,
        rebuild_maps: rebuildMaps.length,
      },
    };
  }

  /**
   * Fills the diff's impact (one grouped count per table) and adds a problem for each removed item stored data still
   * references; answers the removed items to count again in the transaction.
   */
  private async countImpact(changes: ContentDiff, problems: PackageProblem[]): Promise<ImpactRequest> {
    const { diff, rebuildMaps, reweighedFish } = changes;
    const removed: Partial<Record<CategoryGroup, number[]>> = {};
    for (const item of diff.removed) (removed[item.group] ??= []).push(item.id);
    const request: Partial<Record<CategoryGroup, number[]>> = {
      ...removed,
      maps: [...(removed.maps ?? []), ...rebuildMaps],
      fish: [...(removed.fish ?? []), ...reweighedFish],
    };
    const impactOf = await countReferences(this.db, request);
    for (const item of diff.changed) if (item.impact) item.impact = impactOf(item.group, item.id);
    for (const item of diff.removed) {
      item.impact = impactOf(item.group, item.id);
      const { catches, sales, records } = item.impact;
      if (catches + sales + records > 0) problems.push(removedInUse(item.group, item.id, item.impact));
    }
    return removed;
  }

  /**
   * Applies a plan as a new version: refused plans and unchanged content change nothing. `beforeTransaction` (the
   * pictures, only those missing on disk) runs once the plan is known not to be refused.
   */
  private async commit(
    makePlan: () => Promise<Plan>,
    fields: VersionFields,
    beforeTransaction?: () => Promise<unknown>,
  ): Promise<CatalogueApplyResult> {
    for (let attempt = 1; ; attempt++) {
      const plan = await makePlan();
      if (!plan.report.ok) return { ...plan.report, version: null };
      // Before the unchanged answer too: importing the live package again puts back its pictures lost from disk.
      await beforeTransaction?.();
      if (plan.report.unchanged) return { ...plan.report, version: null };
      try {
        const version = await this.db.transaction().execute(async (trx) => {
          await this.versionsRepo.lockForApply(trx);
          const live = await this.versionsRepo.live(trx);
          if (live?.id !== plan.liveVersion?.id) throw new StalePlan();
          // Catches may have been stored since the plan counted: a removed item must still be unreferenced.
          const recount = await countReferences(trx, plan.removed);
          const problems = Object.entries(plan.removed).flatMap(([group, ids]) =>
            ids
              .map((id) => ({ id, impact: recount(group as CategoryGroup, id) }))
              .filter(({ impact }) => impact.catches + impact.sales + impact.records > 0)
              .map(({ id, impact }) => removedInUse(group as CategoryGroup, id, impact)),
          );
          if (problems.length > 0) throw new RefusedInTransaction(problems);
          const appliedAt = this.now();
          if (!live && itemCount(plan.live) > 0) await this.recordExisting(trx, plan.live, appliedAt);
          await this.versionsRepo.replaceCatalogue(trx, plan.next);
          return this.versionsRepo.insertVersion(
            trx,
            { ...fields, applied_at: appliedAt, groups: plan.next },
            plan.summary,
          );
        });
        await this.onApplied(version, plan.report.rebuild_maps);
        return { ...plan.report, version };
      } catch (error) {
        if (error instanceof RefusedInTransaction)
          return { ...plan.report, ok: false, problems: [...plan.report.problems, ...error.problems], version: null };
        if (!(error instanceof StalePlan) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * A catalogue written before versions existed (an operator's rows, a demo world seeded directly) becomes version 1
   * before the first apply, as migration 0014 records one: so it can be rolled back to.
   */
  private async recordExisting(trx: Transaction<Database>, live: ContentGroups, appliedAt: number): Promise<void> {
    const demo = await trx.selectFrom('meta').select('value').where('key', '=', DEMO_MARK).executeTakeFirst();
    await this.versionsRepo.insertVersion(
      trx,
      {
        game: demo ? GAME_OF_DEMO : 'unknown',
        patch: 'initial',
        package_sha256: sha256Hex(serializeContent(live)),
        kind: 'import',
        restored_from: null,
        applied_by: 'existing',
        applied_at: appliedAt,
        groups: live,
      },
      { added: itemCount(live), changed: 0, removed: 0, deprecated: 0, rebuild_maps: 0 },
    );
  }
}

function unreadable(problems: PackageProblem[]): CatalogueDryRun {
  return { ok: false, problems, manifest: null, diff: null, unchanged: false, rebuild_maps: [] };
}

function removedInUse(group: CategoryGroup, id: number, impact: { catches: number; sales: number; records: number }) {
  const { catches, sales, records } = impact;
  return packageProblem(
    'removed-in-use',
    { file: PACKAGE_GROUP_FILES[group], item_id: id },
    { catches, sales, records },
  );
}

/**
 * Ids are unique across the whole catalogue (one table): an id in two groups cannot be stored. The loader refuses
 * such a package; checked again (as the loader words it) because the apply keys rows by id.
 */
function duplicateIds(groups: ContentGroups): PackageProblem[] {
  const seen = new Map<number, CategoryGroup>();
  const problems: PackageProblem[] = [];
  for (const group of CATEGORY_GROUPS) {
    for (const item of groups[group]) {
      const other = seen.get(item.id);
      if (other === undefined) seen.set(item.id, group);
      else
        problems.push(
          packageProblem(
            'id-in-two-groups',
            { file: PACKAGE_GROUP_FILES[group], item_id: item.id, field: 'id' },
            { id: item.id, other_file: PACKAGE_GROUP_FILES[other] },
          ),
        );
    }
  }
  return problems;
}

/** Items naming a picture the package lacks (the loader refuses these; checked again because the apply writes URLs). */
function missingPictures(pkg: LoadedPackage): PackageProblem[] {
  const problems: PackageProblem[] = [];
  for (const group of PICTURE_GROUPS) {
    for (const item of pkg.groups[group] as { id: number; data: { image: string } }[]) {
      if (!pkg.images.has(item.data.image))
        problems.push(
          packageProblem(
            'image-missing',
            { file: PACKAGE_GROUP_FILES[group], item_id: item.id, field: 'data.image' },
            { path: item.data.image },
          ),
        );
    }
  }
  return problems;
}

function referencedImages(pkg: LoadedPackage) {
  const paths = PICTURE_GROUPS.flatMap((group) =>
    (pkg.groups[group] as { data: { image: string } }[]).map((item) => item.data.image),
  );
  return paths.flatMap((path) => {
    const image = pkg.images.get(path);
    return image ? [image] : [];
  });
}
