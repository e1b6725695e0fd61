/**
 * Stand-ins until the package loader and the catalogue importer (features/catalogue/package/) are merged: the admin
 * routes exist and are documented, and answer 503 for what needs the importer. The composition root swaps these for
 * the real ones (`loadCataloguePackage`, `services.catalogueImporter`, `cataloguePackageJsonSchema`); this file goes
 * then.
 */
import { z } from 'zod';
import { PackageGroupFiles, PackageManifest } from '#shared/contracts/catalogue-package';
import { DomainError } from '../../domain-error';
import type { CatalogueImport } from './catalogue-admin.routes';

const unavailable = async (): Promise<never> => {
  throw new DomainError('unavailable', 'CATALOGUE_IMPORT_UNAVAILABLE');
};

export const pendingCatalogueImport: CatalogueImport = {
  loadPackage: async () => null,
  importer: {
    dryRun: unavailable,
    apply: unavailable,
    versions: async () => ({ items: [], live: null }),
    previewRollback: unavailable,
    rollback: unavailable,
  },
};

export function pendingPackageSchema(): object {
  return z.toJSONSchema(
    z.object({ manifest: PackageManifest, ...PackageGroupFiles }).meta({ title: 'Anglerdex catalogue package' }),
  );
}
