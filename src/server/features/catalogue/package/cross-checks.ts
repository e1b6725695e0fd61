/**
 * The rules between fields and files that a schema cannot state (docs/catalogue-format.md §3): what
 * fish, baits and star-class weights refer to exists, weights and bounds are ordered, map pictures are where the
 * item says and the size it says. Every item with an id and valid `data` is checked, even when another of its fields
 * is wrong, so fixing one problem does not reveal the next. References are checked against every id a group file names, valid item or not,
 * so one broken map is reported once, not again on every fish that lives there.
 */
import type { PackageBait, PackageFish, PackageMap, PackageProblem } from '#shared/contracts/catalogue-package';
import type { ContainerFiles } from './entry-collector';
import { isPlainPath } from './entry-paths';
import { packageProblem } from './package-problems';
import type { PackageImage } from './package-types';
import type { Checkable, GroupsRead } from './read-groups';
import { IMAGES_FOLDER } from './read-manifest';

const FISH_FILE = 'fish.json';
const MAPS_FILE = 'maps.json';
const BAITS_FILE = 'baits.json';

function checkFish(
  fish: Checkable<PackageFish>,
  read: GroupsRead,
  starRank: Map<number, number>,
  out: PackageProblem[],
): void {
  const at = (field: string) => ({ file: FISH_FILE, item_id: fish.id, field });
  const { data } = fish;
  if (data.min_weight > data.max_weight) {
    out.push(
      packageProblem('weight-range', at('data.min_weight'), {
        min_weight: data.min_weight,
        max_weight: data.max_weight,
      }),
    );
  }
  data.maps.forEach((map, i) => {
    if (!read.ids.maps.has(map)) out.push(packageProblem('unknown-map', at(`data.maps.${i}`), { map }));
  });
  data.star_weights.forEach((entry, i) => {
    const field = `data.star_weights.${i}`;
    if (!read.ids.star_type.has(entry.star_type)) {
      out.push(packageProblem('unknown-star-type', at(`${field}.star_type`), { star_type: entry.star_type }));
    }
    if (entry.min_weight < data.min_weight || entry.min_weight > data.max_weight) {
      out.push(
        packageProblem('star-weight-out-of-range', at(`${field}.min_weight`), {
          weight: entry.min_weight,
          min_weight: data.min_weight,
          max_weight: data.max_weight,
        }),
      );
    }
    const previous = data.star_weights[i - 1];
    if (!previous) return;
    const rank = starRank.get(entry.star_type);
    const previousRank = starRank.get(previous.star_type);
    if (rank !== undefined && previousRank !== undefined && rank <= previousRank) {
      out.push(packageProblem('star-weights-order', at(`${field}.star_type`)));
    } else if (entry.min_weight <= previous.min_weight) {
      out.push(packageProblem('star-weights-order', at(`${field}.min_weight`)));
    }
  });
}

/** The picture an item names, when it is a checked picture of the package; problems for a bad or absent path. */
function pictureOf(
  file: string,
  item: Checkable<PackageMap> | Checkable<PackageBait>,
  present: Present,
  out: PackageProblem[],
): PackageImage | undefined {
  const path = item.data.image;
  const at = { file, item_id: item.id, field: 'data.image' };
  if (!isPlainPath(path) || !path.startsWith(IMAGES_FOLDER)) {
    out.push(packageProblem('image-path', at, { path }));
  } else if (!present.container.files.has(path) && !present.container.refused.has(path) && !present.listed.has(path)) {
    // A listed but absent picture is already `file-missing`.
    out.push(packageProblem('image-missing', at, { path }));
  }
  return present.images.get(path);
}

function checkMap(map: Checkable<PackageMap>, picture: PackageImage | undefined, out: PackageProblem[]): void {
  const { bounds, width, height } = map.data;
  if (!(bounds.x_max > bounds.x_min && bounds.y_max > bounds.y_min)) {
    out.push(packageProblem('bounds-area', { file: MAPS_FILE, item_id: map.id, field: 'data.bounds' }, { ...bounds }));
  }
  if (!picture || picture.width === null || picture.height === null) return;
  if (picture.width !== width || picture.height !== height) {
    out.push(
      packageProblem(
        'map-size-mismatch',
        { file: MAPS_FILE, item_id: map.id, field: 'data.width' },
        { width, height, image_width: picture.width, image_height: picture.height },
      ),
    );
  }
}

/** What the package holds: its files, the paths its manifest lists, its checked pictures. */
export interface Present {
  readonly container: ContainerFiles;
  readonly listed: ReadonlySet<string>;
  readonly images: ReadonlyMap<string, PackageImage>;
}

export function crossCheck(read: GroupsRead, present: Present): PackageProblem[] {
  const out: PackageProblem[] = [];
  // Star classes follow the star types' own order: their sort, then id.
  const ranked = [...read.checkable.star_type].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const starRank = new Map(ranked.map((star, i) => [star.id, i]));

  for (const fish of read.checkable.fish) checkFish(fish, read, starRank, out);
  for (const map of read.checkable.maps) checkMap(map, pictureOf(MAPS_FILE, map, present, out), out);
  for (const bait of read.checkable.baits) {
    pictureOf(BAITS_FILE, bait, present, out);
    if (!read.ids.fish_way.has(bait.data.fish_way)) {
      out.push(
        packageProblem(
          'unknown-bait-type',
          { file: BAITS_FILE, item_id: bait.id, field: 'data.fish_way' },
          { bait_type: bait.data.fish_way },
        ),
      );
    }
  }
  return out;
}
