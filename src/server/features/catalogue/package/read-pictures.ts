/**
 * The pictures under `images/`: each must be the format its extension names (magic bytes, then its header for the
 * pixel size: read directly for PNG and WebP, by sharp otherwise), and an SVG must pass `checkSvg`. The size cap was applied while reading the container.
 */
import sharp from 'sharp';
import type { PackageProblem } from '#shared/contracts/catalogue-package';
import type { ContainerFiles } from './entry-collector';
import { headerSize } from './image-header-size';
import { extOfName, type ImageExt, sniffImage } from './image-sniff';
import { packageProblem } from './package-problems';
import type { PackageImage } from './package-types';
import { IMAGES_FOLDER } from './read-manifest';
import { fileSha256 } from './sha256';
import { checkSvg } from './svg-safety';

export interface PicturesRead {
  readonly images: Map<string, PackageImage>;
  readonly problems: PackageProblem[];
}

type Size = { width: number | null; height: number | null };

async function rasterSize(
  file: string,
  ext: ImageExt,
  bytes: Buffer,
  problems: PackageProblem[],
): Promise<Size | null> {
  const actual = sniffImage(bytes);
  if (actual !== ext) {
    problems.push(packageProblem('image-format-mismatch', { file }, { ext, actual }));
    return null;
  }
  if (ext !== 'svg') {
    const fast = headerSize(ext, bytes);
    if (fast) return fast;
  }
  try {
    const meta = await sharp(bytes).metadata();
    if (meta.format !== ext) {
      problems.push(packageProblem('image-format-mismatch', { file }, { ext, actual: meta.format ?? 'unknown' }));
      return null;
    }
    return { width: meta.width ?? null, height: meta.height ?? null };
  } catch (error) {
    problems.push(packageProblem('image-unreadable', { file }, { reason: (error as Error).message }));
    return null;
  }
}

function svgSize(file: string, bytes: Buffer, problems: PackageProblem[]): Size | null {
  const actual = sniffImage(bytes);
  if (actual !== 'svg') {
    problems.push(packageProblem('image-format-mismatch', { file }, { ext: 'svg', actual }));
    return null;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    problems.push(packageProblem('not-utf8', { file }));
    return null;
  }
  const check = checkSvg(text);
  for (const finding of check.findings) problems.push(packageProblem(finding.code, { file }, finding.params));
  return check.findings.length === 0 ? { width: check.width, height: check.height } : null;
}

export async function readPictures(container: ContainerFiles): Promise<PicturesRead> {
  const images = new Map<string, PackageImage>();
  const problems: PackageProblem[] = [];
  for (const [file, bytes] of container.files) {
    if (!file.startsWith(IMAGES_FOLDER)) continue;
    const { ext, written } = extOfName(file);
    if (ext === null) {
      problems.push(packageProblem('image-type', { file }, { ext: written }));
      continue;
    }
    const size = ext === 'svg' ? svgSize(file, bytes, problems) : await rasterSize(file, ext, bytes, problems);
    if (size) images.set(file, { sha256: fileSha256(bytes), ext, bytes, ...size });
  }
  return { images, problems };
}
