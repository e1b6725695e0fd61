/**
 * Loads a catalogue package (docs/catalogue-format.md) from a folder, a `.zip` or a `.tar.gz`, from a path or from
 * bytes, entirely in memory (nothing is written to disk), and checks all of it: the container, the manifest and its
 * hashes, the group files, the pictures, and the references between them. Every problem found is reported, each
 * with its file, item and field; a broken package never throws. Only a package without a single problem loads.
 */
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import { contentSha256 } from './content-hash';
import { crossCheck } from './cross-checks';
import { DEFAULT_PACKAGE_LIMITS, type PackageLimits } from './package-limits';
import { packageProblem, sortProblems } from './package-problems';
import type { PackageLoad, PackageSource } from './package-types';
import { readContainer } from './read-container';
import { readGroups } from './read-groups';
import { readManifest } from './read-manifest';
import { readPictures } from './read-pictures';

export async function loadCataloguePackage(
  source: PackageSource,
  limits: Partial<PackageLimits> = {},
): Promise<PackageLoad> {
  const caps = { ...DEFAULT_PACKAGE_LIMITS, ...limits };
  try {
    const container = await readContainer(source, caps);
    if (container.stopped) return { ok: false, problems: sortProblems(container.problems) };

    const manifest = readManifest(container);
    const groups = readGroups(container);
    const pictures = await readPictures(container);
    const problems: PackageProblem[] = [
      ...container.problems,
      ...manifest.problems,
      ...groups.problems,
      ...pictures.problems,
      ...crossCheck(groups, { container, listed: manifest.listed, images: pictures.images }),
    ];
    if (problems.length > 0 || !manifest.manifest) return { ok: false, problems: sortProblems(problems) };
    return {
      ok: true,
      pkg: {
        manifest: manifest.manifest,
        groups: groups.groups,
        images: pictures.images,
        contentSha256: contentSha256(groups.groups, pictures.images),
      },
    };
  } catch (error) {
    // A bug or an unexpected I/O failure still answers as a problem: callers never see a throw.
    return {
      ok: false,
      problems: [packageProblem('source-unreadable', { file: '' }, { reason: (error as Error).message })],
    };
  }
}
