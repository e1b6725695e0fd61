/**
 * The JSON Schema of a catalogue package, generated from its zod schemas (src/shared/contracts/catalogue-package.ts)
 * so the two can never disagree: one document whose `$defs` hold the manifest and each group file. The repository
 * keeps a copy in docs/catalogue-package.schema.json (`npm run catalogue:schema` writes it; a test compares them).
 * The schema states each file's shape; the rules between fields and files are in docs/catalogue-format.md.
 */
import { z } from 'zod';
import { CATEGORY_GROUPS } from '#shared/contracts/catalogue';
import {
  CATALOGUE_FORMAT_VERSION,
  PACKAGE_GROUP_FILES,
  PackageGroupFiles,
  PackageManifest,
} from '#shared/contracts/catalogue-package';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function definition(schema: z.ZodType, description: string): Record<string, unknown> {
  // `io: 'input'`: the schema describes what a package may contain, before zod's defaults or transforms.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  return { description, ...rest };
}

export function cataloguePackageJsonSchema(): Record<string, unknown> {
  const groups = Object.fromEntries(
    CATEGORY_GROUPS.map((group) => [
      group,
      definition(PackageGroupFiles[group], `${PACKAGE_GROUP_FILES[group]}: the ${group} group's items.`),
    ]),
  );
  return {
    $schema: DIALECT,
    title: `Anglerdex catalogue package, format version ${CATALOGUE_FORMAT_VERSION}`,
    description:
      'Any JSON file of a catalogue package: manifest.json or one of the group files. See docs/catalogue-format.md ' +
      'in the Anglerdex repository for the layout and the rules between files.',
    anyOf: [{ $ref: '#/$defs/manifest' }, ...CATEGORY_GROUPS.map((group) => ({ $ref: `#/$defs/${group}` }))],
    $defs: {
      manifest: definition(PackageManifest, 'manifest.json: the package, its patch and the SHA-256 of every file.'),
      ...groups,
    },
  };
}

/** The text of docs/catalogue-package.schema.json. */
export function cataloguePackageJsonSchemaText(): string {
  return `${JSON.stringify(cataloguePackageJsonSchema(), null, 2)}\n`;
}
