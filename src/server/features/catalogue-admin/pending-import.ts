/**
 * Stand-ins until the package loader (features/catalogue/package/: `loadCataloguePackage`,
 * `cataloguePackageJsonSchema`) is merged: an uploaded archive is answered with one problem saying so (nothing is
 * applied), and the public schema is made from the package contracts. The composition root swaps in the real ones
 * then; this file goes.
 */
import { z } from 'zod';
import { PackageGroupFiles, PackageManifest, type PackageProblem } from '#shared/contracts/catalogue-package';

export async function pendingPackageLoader(): Promise<{ ok: false; problems: PackageProblem[] }> {
  return {
    ok: false,
    problems: [
      {
        file: '',
        item_id: null,
        field: null,
        code: 'source-unreadable',
        params: { reason: 'this server cannot read uploaded archives yet: use npm run catalogue:import on a folder' },
        message:
          'the package cannot be read: this server cannot read uploaded archives yet: use npm run catalogue:import on a folder',
      },
    ],
  };
}

export function pendingPackageSchema(): object {
  return z.toJSONSchema(
    z.object({ manifest: PackageManifest, ...PackageGroupFiles }).meta({ title: 'Anglerdex catalogue package' }),
  );
}
