/**
 * Every kind of bad catalogue package, for tests: the loader's own tests check each problem's exact file, item, field
 * and params, and the admin route test uploads every one of them to both databases to show that a refused package
 * changes nothing. Each case is built from the sample package (sample-package.ts) with one rule broken.
 */
import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ZipFile } from 'yazl';
import type { PackageProblemCode } from '#shared/catalogue-problem-codes';
import { DEFAULT_PACKAGE_LIMITS } from './package-limits';
import { packTarGz, packZip, tarEntry, tarOf } from './pack-package';
import { PACKAGE_IMAGE_MAX_BYTES, type PackageProblem } from '#shared/contracts/catalogue-package';
import type { PackageContent } from './write-package';
import {
  editGroupFile,
  rewriteFile,
  sampleContent,
  solidPng,
  writeSamplePackage,
  type LooseJson,
} from './sample-package';

/** A problem as the tests compare it (the message is words for people, not part of the contract). */
export type ComparedProblem = Pick<PackageProblem, 'file' | 'item_id' | 'field' | 'params'> & {
  code: PackageProblemCode;
};

export type GroupFileEdit = (file: { group: string; items: LooseJson[] }) => void;

export interface GroupFileCase {
  name: string;
  /** The group file the edit changes. */
  file: string;
  edit: GroupFileEdit;
  /** Exactly what the loader reports, in its order. */
  problems: ComparedProblem[];
}

const item = (file: { items: LooseJson[] }, id: number): LooseJson => {
  const found = file.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

const at = (file: string, itemId: number | null, field: string, code: PackageProblemCode, params?: object) => ({
  file,
  item_id: itemId,
  field,
  code,
  params: params as ComparedProblem['params'],
});

/** One broken rule in one group file of the sample package, with the problems it must raise. */
export const GROUP_FILE_CASES: GroupFileCase[] = [
  {
    name: 'a duplicate id in a group',
    file: 'baits.json',
    edit: (f) => void f.items.push({ ...item(f, 2000), sort: 9 }),
    problems: [at('baits.json', 2000, 'id', 'duplicate-id', { id: 2000 })],
  },
  {
    name: 'an id used by two groups',
    file: 'baits.json',
    edit: (f) => void (item(f, 2001).id = 100),
    problems: [at('baits.json', 100, 'id', 'id-in-two-groups', { id: 100, other_file: 'maps.json' })],
  },
  {
    name: 'a missing Chinese name',
    file: 'fish.json',
    edit: (f) => void delete item(f, 1000).name,
    problems: [at('fish.json', 1000, 'name', 'name-missing')],
  },
  {
    name: 'an empty Chinese name',
    file: 'maps.json',
    edit: (f) => void (item(f, 101).name = '  '),
    problems: [at('maps.json', 101, 'name', 'name-missing')],
  },
  {
    name: 'unknown fields, on the item and in its data',
    file: 'fish.json',
    edit: (f) => {
      item(f, 1001).colour = 'red';
      item(f, 1001).data.habitat = 'lake';
    },
    problems: [
      at('fish.json', 1001, 'colour', 'unknown-field'),
      at('fish.json', 1001, 'data.habitat', 'unknown-field'),
    ],
  },
  {
    name: 'a fish on an unknown map',
    file: 'fish.json',
    edit: (f) => void (item(f, 1000).data.maps = [100, 999]),
    problems: [at('fish.json', 1000, 'data.maps.1', 'unknown-map', { map: 999 })],
  },
  {
    name: 'a bait on an unknown bait type',
    file: 'baits.json',
    edit: (f) => void (item(f, 2001).data.fish_way = 12),
    problems: [at('baits.json', 2001, 'data.fish_way', 'unknown-bait-type', { bait_type: 12 })],
  },
  {
    name: 'star-class weights that do not grow',
    file: 'fish.json',
    edit: (f) => void (item(f, 1000).data.star_weights[1].min_weight = 12000),
    problems: [at('fish.json', 1000, 'data.star_weights.1.min_weight', 'star-weights-order')],
  },
  {
    name: "star classes out of the star types' order",
    file: 'fish.json',
    edit: (f) =>
      void (item(f, 1000).data.star_weights = [
        { star_type: 447, min_weight: 12000 },
        { star_type: 446, min_weight: 20000 },
      ]),
    problems: [at('fish.json', 1000, 'data.star_weights.1.star_type', 'star-weights-order')],
  },
  {
    name: 'a star class of an unknown star type',
    file: 'fish.json',
    edit: (f) => void (item(f, 1000).data.star_weights[1].star_type = 460),
    problems: [at('fish.json', 1000, 'data.star_weights.1.star_type', 'unknown-star-type', { star_type: 460 })],
  },
  {
    name: "a star-class weight outside the fish's weights",
    file: 'fish.json',
    edit: (f) => void (item(f, 1000).data.star_weights[1].min_weight = 50000),
    problems: [
      at('fish.json', 1000, 'data.star_weights.1.min_weight', 'star-weight-out-of-range', {
        weight: 50000,
        min_weight: 300,
        max_weight: 40000,
      }),
    ],
  },
  {
    name: 'min_weight above max_weight',
    file: 'fish.json',
    edit: (f) => void (item(f, 1001).data.min_weight = 5000),
    problems: [at('fish.json', 1001, 'data.min_weight', 'weight-range', { min_weight: 5000, max_weight: 3000 })],
  },
  {
    name: 'bounds with zero area',
    file: 'maps.json',
    edit: (f) => void (item(f, 100).data.bounds.y_max = 0),
    problems: [at('maps.json', 100, 'data.bounds', 'bounds-area', { x_min: 0, y_min: 0, x_max: 400, y_max: 0 })],
  },
  {
    name: 'bounds with negative area',
    file: 'maps.json',
    edit: (f) => void (item(f, 101).data.bounds.x_max = -20),
    problems: [at('maps.json', 101, 'data.bounds', 'bounds-area', { x_min: -10, y_min: -10, x_max: -20, y_max: 10 })],
  },
  {
    name: 'a map whose size differs from its picture',
    file: 'maps.json',
    edit: (f) => void (item(f, 100).data.width = 41),
    problems: [
      at('maps.json', 100, 'data.width', 'map-size-mismatch', {
        width: 41,
        height: 30,
        image_width: 40,
        image_height: 30,
      }),
    ],
  },
  {
    name: 'picture paths outside images/',
    file: 'baits.json',
    edit: (f) => {
      item(f, 2000).data.image = '../lure.png';
      item(f, 2001).data.image = 'fish.json';
    },
    problems: [
      at('baits.json', 2000, 'data.image', 'image-path', { path: '../lure.png' }),
      at('baits.json', 2001, 'data.image', 'image-path', { path: 'fish.json' }),
    ],
  },
  {
    name: 'a picture the package does not hold',
    file: 'maps.json',
    edit: (f) => void (item(f, 101).data.image = 'images/sea.png'),
    problems: [at('maps.json', 101, 'data.image', 'image-missing', { path: 'images/sea.png' })],
  },
  {
    name: 'wrong types, a missing field and a level out of range',
    file: 'fish.json',
    edit: (f) => {
      item(f, 1000).sort = 'first';
      delete item(f, 1000).data.latin;
      item(f, 1001).data.level = 9;
    },
    problems: [
      at('fish.json', 1000, 'data.latin', 'missing-field'),
      at('fish.json', 1000, 'sort', 'invalid-type', { expected: 'number' }),
      at('fish.json', 1001, 'data.level', 'out-of-range', { reason: 'Too big: expected number to be <=7' }),
    ],
  },
  {
    name: 'a group file naming another group',
    file: 'baits.json',
    edit: (f) => void (f.group = 'fish'),
    problems: [at('baits.json', null, 'group', 'invalid-value', { reason: 'Invalid input: expected "baits"' })],
  },
];

/** An SVG document with the namespaces a picture uses. */
export const svg = (body: string, attrs = 'width="16" height="16"') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`,
  );

export interface UnsafeSvgCase {
  name: string;
  bytes: Buffer;
  findings: Array<{ code: PackageProblemCode; params?: Record<string, string> }>;
}

/** SVG pictures that would run script or load from elsewhere if served, with what the loader finds in each. */
export const UNSAFE_SVGS: UnsafeSvgCase[] = [
  { name: 'a script element', bytes: svg('<script>alert(1)</script>'), findings: [{ code: 'svg-script' }] },
  {
    name: 'an event attribute',
    bytes: svg('<rect onload="alert(1)" ONCLICK="x()"/>'),
    findings: [
      { code: 'svg-event-attribute', params: { attribute: 'onload' } },
      { code: 'svg-event-attribute', params: { attribute: 'ONCLICK' } },
    ],
  },
  {
    name: 'a foreignObject',
    bytes: svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    findings: [{ code: 'svg-foreign-object' }],
  },
  {
    name: 'an external xlink:href',
    bytes: svg('<image xlink:href="https://example.org/a.png"/>'),
    findings: [{ code: 'svg-external-reference', params: { reference: 'https://example.org/a.png' } }],
  },
  {
    name: 'a javascript: href',
    bytes: svg('<a href="javascript:alert(1)"><rect/></a>'),
    findings: [{ code: 'svg-external-reference', params: { reference: 'javascript:alert(1)' } }],
  },
  {
    name: 'an external url() in an attribute',
    bytes: svg('<rect fill="url(https://evil.test/x.svg#p)"/>'),
    findings: [{ code: 'svg-external-reference', params: { reference: 'https://evil.test/x.svg#p' } }],
  },
  {
    name: 'a <style> importing a sheet',
    bytes: svg('<style>@import "https://evil.test/a.css"; rect { fill: url(data:x) }</style>'),
    findings: [
      { code: 'svg-external-reference', params: { reference: '@import' } },
      { code: 'svg-external-reference', params: { reference: 'data:x' } },
    ],
  },
  {
    name: 'an animation that sets an href',
    bytes: svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'),
    findings: [{ code: 'svg-external-reference', params: { reference: 'animated href' } }],
  },
  {
    name: 'a DOCTYPE declaring entities',
    bytes: Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'),
    findings: [{ code: 'svg-doctype' }],
  },
  {
    name: 'a stylesheet instruction',
    bytes: Buffer.from('<?xml-stylesheet href="https://evil.test/a.css"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    findings: [{ code: 'svg-external-reference', params: { reference: '<?xml-stylesheet?>' } }],
  },
];

/** A .zip of the given entries; `mode` sets Unix file bits (a link is 0o120777). */
export function zipOf(entries: Array<{ name: string; data: Buffer; mode?: number }>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name, entry.mode ? { mode: entry.mode } : {});
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** A .tar.gz whose one entry claims 1 GiB of zeros in about 1 MB: a real gzip bomb. */
export function gzipBomb(): Buffer {
  const zeros = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat([
    gzipSync(tarEntry('images/a.png', Buffer.alloc(0)).subarray(0, 512)),
    ...Array.from({ length: 300 }, () => zeros),
  ]);
}

export interface BadPackage {
  name: string;
  /** A code the loader must report for it (others may come with it). */
  code: PackageProblemCode;
  /** The package as uploaded: .zip or .tar.gz bytes. */
  bytes: () => Promise<Buffer>;
}

/**
 * A package written to a scratch folder (the sample, or `content`), changed by `change`, packed (as a .zip unless
 * asked), the folder removed.
 */
async function packed(
  change: (dir: string) => Promise<void>,
  pack: typeof packZip = packZip,
  content?: PackageContent,
): Promise<Buffer> {
  const dir = await writeSamplePackage(content);
  try {
    await change(dir);
    return await pack(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fromSample =
  (change: (dir: string) => Promise<void>, pack: typeof packZip = packZip): (() => Promise<Buffer>) =>
  () =>
    packed(change, pack);

async function editManifest(dir: string, edit: (manifest: LooseJson) => void): Promise<void> {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as LooseJson;
  edit(manifest);
  await writeFile(file, JSON.stringify(manifest, null, 2));
}

/** The sample package with one more picture (or a replaced one), and bait 2000's icon pointing at it. */
function withPicture(rel: string, bytes: Buffer | (() => Promise<Buffer>), iconOf2000 = false) {
  return async () => {
    const content = await sampleContent();
    content.images = new Map(content.images).set(rel, typeof bytes === 'function' ? await bytes() : bytes);
    if (iconOf2000) content.groups.baits.find((bait) => bait.id === 2000)!.data.image = rel;
    return packed(async () => {}, packTarGz, content);
  };
}

const damagedPng = async () => {
  const png = Buffer.from(await solidPng(4, 4, [1, 2, 3]));
  png.fill(0, 12, 40);
  return png;
};

/**
 * One package per problem an upload can raise. Left out, and tested where they can be made: `source-unreadable` (a
 * folder path that does not exist: the CLI's case, not an upload's), `package-too-large` (over 1 GiB unpacked; the
 * loader test lowers the limit) and `removed-in-use` (needs stored catches; the importer test).
 */
export const UPLOAD_UNTESTABLE_CODES: PackageProblemCode[] = [
  'source-unreadable',
  'package-too-large',
  'removed-in-use',
];

export function badPackages(): BadPackage[] {
  const gz = (entries: Buffer[]) => async () => gzipSync(tarOf(entries));
  const empty = Buffer.alloc(0);
  return [
    // The container.
    { name: 'bytes that are no archive', code: 'unknown-container', bytes: async () => Buffer.from('just text') },
    {
      name: 'a damaged zip',
      code: 'archive-corrupt',
      bytes: async () => {
        const zip = await fromSample(async () => {})();
        return zip.subarray(0, zip.length - 30);
      },
    },
    {
      name: 'a "../" path in a .tar.gz',
      code: 'unsafe-path',
      bytes: gz([tarEntry('../escape.json', Buffer.from('{}'))]),
    },
    {
      name: 'a symbolic link in a .tar.gz',
      code: 'link-entry',
      bytes: gz([tarEntry('manifest.json', empty, 'SymbolicLink', '/etc/passwd')]),
    },
    {
      name: 'a symbolic link in a .zip',
      code: 'link-entry',
      bytes: () => zipOf([{ name: 'images/sym.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
    },
    {
      name: 'a device in a .tar.gz',
      code: 'special-entry',
      bytes: gz([tarEntry('images/dev.png', empty, 'CharacterDevice')]),
    },
    {
      name: 'the same path twice',
      code: 'duplicate-entry',
      bytes: gz([tarEntry('manifest.json', Buffer.from('{}')), tarEntry('manifest.json', Buffer.from('{}'))]),
    },
    {
      name: 'more entries than allowed',
      code: 'too-many-entries',
      bytes: gz(
        Array.from({ length: DEFAULT_PACKAGE_LIMITS.maxEntries + 1 }, (_, i) => tarEntry(`images/${i}.png`, empty)),
      ),
    },
    { name: 'a gzip bomb', code: 'compression-ratio', bytes: async () => gzipBomb() },
    {
      name: 'a file over the size cap',
      code: 'file-too-large',
      bytes: fromSample((dir) => rewriteFile(dir, 'images/lake.png', Buffer.alloc(PACKAGE_IMAGE_MAX_BYTES + 1))),
    },
    {
      name: 'an archive without a manifest',
      code: 'manifest-missing',
      bytes: gz([tarEntry('fish.json', Buffer.from('{}'))]),
    },
    // The manifest and the files it lists.
    {
      name: 'a manifest that is not UTF-8',
      code: 'not-utf8',
      bytes: fromSample((dir) => writeFile(path.join(dir, 'manifest.json'), Buffer.from([0x7b, 0xff, 0x7d]))),
    },
    {
      name: 'malformed JSON in a group file',
      code: 'json-malformed',
      bytes: fromSample((dir) => rewriteFile(dir, 'fish.json', '{\n  "group": fish\n}')),
    },
    {
      name: 'a listed file the package lacks',
      code: 'file-missing',
      bytes: fromSample((dir) => unlink(path.join(dir, 'images', 'river.png'))),
    },
    {
      name: 'a file the manifest does not list',
      code: 'file-not-listed',
      bytes: fromSample((dir) => writeFile(path.join(dir, 'images', 'extra.png'), Buffer.from('x'))),
    },
    {
      name: 'a file outside images/',
      code: 'file-not-allowed',
      bytes: fromSample((dir) => writeFile(path.join(dir, 'notes.txt'), 'hello')),
    },
    {
      name: 'a hash mismatch',
      code: 'hash-mismatch',
      bytes: fromSample((dir) => editManifest(dir, (m) => void (m.files['fish.json'] = '0'.repeat(64)))),
    },
    {
      name: 'a group file neither in the package nor in the manifest',
      code: 'group-file-missing',
      bytes: fromSample(async (dir) => {
        await editManifest(dir, (m) => void delete m.files['star_type.json']);
        await unlink(path.join(dir, 'star_type.json'));
      }),
    },
    {
      name: 'a manifest with a bad date',
      code: 'invalid-format',
      bytes: fromSample((dir) => editManifest(dir, (m) => void (m.created_at = 'yesterday'))),
    },
    // The groups.
    ...GROUP_FILE_CASES.flatMap(({ name, file, edit, problems }) =>
      [...new Set(problems.map((problem) => problem.code))].map((code) => ({
        name: `${name} (${code})`,
        code,
        bytes: fromSample((dir) => editGroupFile(dir, file, edit), packTarGz),
      })),
    ),
    // The pictures.
    {
      name: 'a PNG named .webp',
      code: 'image-format-mismatch',
      bytes: withPicture('images/a.webp', () => solidPng(4, 4, [1, 2, 3])),
    },
    { name: 'a GIF', code: 'image-type', bytes: withPicture('images/d.gif', Buffer.from('GIF89a....')) },
    {
      name: 'a PNG whose header is damaged',
      code: 'image-unreadable',
      bytes: withPicture('images/broken.png', damagedPng),
    },
    {
      name: 'an SVG that is not well-formed XML',
      code: 'svg-malformed',
      bytes: withPicture('images/icon.svg', svg('<rect></svg><svg>'), true),
    },
    ...UNSAFE_SVGS.flatMap(({ name, bytes, findings }) =>
      [...new Set(findings.map((finding) => finding.code))].map((code) => ({
        name: `an SVG with ${name} (${code})`,
        code,
        bytes: withPicture('images/icon.svg', bytes, true),
      })),
    ),
  ];
}
