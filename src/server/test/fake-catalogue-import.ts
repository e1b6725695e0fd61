/**
 * A stand-in for the package loader and catalogue importer (features/catalogue/package/package-types.ts) that the
 * admin route tests hand to the app: the routes' own rules (transport, guards, slots, refusals) are what they test.
 * A "package" is any bytes: its content hash is theirs; bytes containing `BAD` load with one problem; versions live
 * in memory. `gate` holds applies (and loads) until released, for the concurrency tests.
 */
import { createHash } from 'node:crypto';
import type { CatalogueApplyResult, CatalogueDryRun, CatalogueVersion } from '#shared/contracts/catalogue-package';
import type { CatalogueImport } from '../features/catalogue-admin/catalogue-admin.routes';
import { DomainError } from '../domain-error';

type FakeLoad = { ok: true; sha: string } | { ok: false; problems: CatalogueDryRun['problems'] };

const report = (load: FakeLoad, unchanged: boolean): CatalogueDryRun => ({
  ok: load.ok,
  problems: load.ok ? [] : load.problems,
  manifest: load.ok ? { game: 'Test game', patch: '1.0.1', created_at: '2025-01-01T00:00:00Z' } : null,
  diff: load.ok
    ? { added: [{ group: 'fish', id: 9001, name: '新鱼' }], changed: [], removed: [], deprecated: [] }
    : null,
  unchanged,
  rebuild_maps: [],
});

export interface FakeCatalogueImport extends CatalogueImport {
  versionsMade: CatalogueVersion[];
  /** While set, loading waits for it: a request is then "in the middle" of its work. */
  gate: Promise<void> | null;
  /** Loads waiting at the gate now. */
  waiting: number;
}

export function fakeCatalogueImport(): FakeCatalogueImport {
  const versions: (CatalogueVersion & { sha: string })[] = [];
  const live = () => versions.at(-1) ?? null;
  const make = (sha: string, appliedBy: string, restoredFrom: number | null): CatalogueApplyResult => {
    const unchanged = live()?.sha === sha;
    const base = report({ ok: true, sha }, unchanged);
    if (unchanged) return { ...base, version: null };
    const version = {
      id: versions.length + 1,
      game: 'Test game',
      patch: '1.0.1',
      package_sha256: sha,
      kind: restoredFrom === null ? ('import' as const) : ('rollback' as const),
      restored_from: restoredFrom,
      applied_by: appliedBy,
      applied_at: Date.now(),
      sha,
    };
    versions.push(version);
    const { sha: _sha, ...shown } = version;
    return { ...base, version: shown };
  };
  const fake: FakeCatalogueImport = {
    versionsMade: versions,
    gate: null,
    waiting: 0,
    async loadPackage({ bytes }) {
      if (fake.gate) {
        fake.waiting += 1;
        await fake.gate;
        fake.waiting -= 1;
      }
      if (bytes.includes('BAD'))
        return {
          ok: false,
          problems: [
            { file: 'fish.json', item_id: 7, field: 'name', code: 'name_missing', message: 'fish 7 has no zh name' },
          ],
        } satisfies FakeLoad;
      return { ok: true, sha: createHash('sha256').update(bytes).digest('hex') } satisfies FakeLoad;
    },
    importer: {
      async dryRun(load) {
        const loaded = load as FakeLoad;
        return report(loaded, loaded.ok && live()?.sha === loaded.sha);
      },
      async apply(load, appliedBy) {
        const loaded = load as FakeLoad;
        if (!loaded.ok) return { ...report(loaded, false), version: null };
        return make(loaded.sha, appliedBy, null);
      },
      async versions() {
        return { items: versions.map(({ sha: _sha, ...shown }) => shown).reverse(), live: live()?.id ?? null };
      },
      async previewRollback(id) {
        const version = versions.find((v) => v.id === id);
        if (!version) throw new DomainError('not-found', 'CATALOGUE_VERSION_NOT_FOUND');
        return report({ ok: true, sha: version.sha }, live()?.sha === version.sha);
      },
      async rollback(id, appliedBy) {
        const version = versions.find((v) => v.id === id);
        if (!version) throw new DomainError('not-found', 'CATALOGUE_VERSION_NOT_FOUND');
        return make(version.sha, appliedBy, id);
      },
    },
  };
  return fake;
}
