/**
 * Reads a package source — a folder, or a `.zip` / `.tar.gz` from a path or from bytes — into its files by
 * package-relative path. The archive kind is read from the magic bytes, never from the name. A package may sit at
 * the archive's root or inside one top folder (what zipping a folder gives): that folder is removed from the paths.
 */
import { open, stat } from 'node:fs/promises';
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import type { ContainerFiles } from './entry-collector';
import type { PackageLimits } from './package-limits';
import { packageProblem } from './package-problems';
import type { PackageSource } from './package-types';
import { readFolder } from './read-folder';
import { readTarGz } from './read-tar-gz';
import { readZip } from './read-zip';

export const MANIFEST_FILE = 'manifest.json';

const ZIP_MAGIC = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function failed(problem: PackageProblem): ContainerFiles {
  return { files: new Map(), refused: new Set(), problems: [problem], stopped: true };
}

function readArchive(bytes: Buffer, limits: PackageLimits): Promise<ContainerFiles> {
  if (bytes.length > limits.maxTotalBytes) {
    return Promise.resolve(failed(packageProblem('package-too-large', { file: '' }, { max: limits.maxTotalBytes })));
  }
  if (ZIP_MAGIC.some((magic) => bytes.subarray(0, 4).equals(magic))) return readZip(bytes, limits);
  if (bytes.subarray(0, 2).equals(GZIP_MAGIC)) return readTarGz(bytes, limits);
  return Promise.resolve(failed(packageProblem('unknown-container', { file: '' })));
}

async function readFile(path: string, size: number, limits: PackageLimits): Promise<Buffer | ContainerFiles> {
  // Checked before reading, so a huge file is never loaded just to be refused.
  if (size > limits.maxTotalBytes) {
    return failed(packageProblem('package-too-large', { file: '' }, { max: limits.maxTotalBytes }));
  }
  const handle = await open(path, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function readSource(source: PackageSource, limits: PackageLimits): Promise<ContainerFiles> {
  if ('bytes' in source) return readArchive(source.bytes, limits);
  try {
    const info = await stat(source.path);
    if (info.isDirectory()) return await readFolder(source.path, limits);
    if (!info.isFile()) return failed(packageProblem('unknown-container', { file: '' }));
    const bytes = await readFile(source.path, info.size, limits);
    return Buffer.isBuffer(bytes) ? await readArchive(bytes, limits) : bytes;
  } catch (error) {
    return failed(packageProblem('source-unreadable', { file: '' }, { reason: (error as Error).message }));
  }
}

/** Removes the one top folder when the manifest is inside it; answers null when there is no manifest at all. */
function rootedAtManifest(container: ContainerFiles): ContainerFiles | null {
  if (container.files.has(MANIFEST_FILE) || container.refused.has(MANIFEST_FILE)) return container;
  const paths = [...container.files.keys(), ...container.refused];
  const tops = new Set(paths.map((path) => path.split('/')[0]));
  const [top] = tops;
  if (tops.size !== 1 || top === undefined || !container.files.has(`${top}/${MANIFEST_FILE}`)) return null;
  const prefix = `${top}/`;
  const strip = (path: string): string => path.slice(prefix.length);
  return {
    ...container,
    files: new Map([...container.files].map(([path, bytes]) => [strip(path), bytes])),
    refused: new Set([...container.refused].map(strip)),
  };
}

export async function readContainer(source: PackageSource, limits: PackageLimits): Promise<ContainerFiles> {
  const container = await readSource(source, limits);
  if (container.stopped) return container;
  const rooted = rootedAtManifest(container);
  if (rooted) return rooted;
  const problems = [...container.problems, packageProblem('manifest-missing', { file: MANIFEST_FILE })];
  return { ...container, problems, stopped: true };
}
