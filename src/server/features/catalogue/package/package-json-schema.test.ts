import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
// Fastify's own validator, here only to prove the published schema works in a standard JSON Schema tool.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { cataloguePackageJsonSchema, cataloguePackageJsonSchemaText } from './package-json-schema';
import { writeSamplePackage, type LooseJson } from './sample-package';

const COMMITTED = path.resolve(import.meta.dirname, '../../../../../docs/catalogue-package.schema.json');

describe('the catalogue package JSON Schema', () => {
  it('in the repository is what `npm run catalogue:schema` writes (run it after changing the zod schemas)', () => {
    expect(readFileSync(COMMITTED, 'utf8')).toBe(cataloguePackageJsonSchemaText());
  });

  it('has a definition for the manifest and each group file, strict about unknown fields', () => {
    const schema = cataloguePackageJsonSchema() as { $defs: LooseJson };
    expect(Object.keys(schema.$defs).sort()).toEqual(['baits', 'fish', 'fish_way', 'manifest', 'maps', 'star_type']);
    expect(schema.$defs.manifest.additionalProperties).toBe(false);
    expect(schema.$defs.manifest.required).toEqual(['game', 'patch', 'format_version', 'created_at', 'files']);
    const fish = schema.$defs.fish.properties.items.items;
    expect(fish.required).toEqual(['id', 'name', 'sort', 'data']);
    expect(fish.properties.data.properties.level).toMatchObject({ minimum: 1, maximum: 7 });
  });
});

describe('a standard JSON Schema validator with the published schema', () => {
  it('accepts every JSON file of a valid package and refuses an unknown field', async () => {
    const validate = new Ajv2020({ validateFormats: false }).compile(cataloguePackageJsonSchema());
    const dir = await writeSamplePackage();
    try {
      for (const file of ['manifest.json', 'fish.json', 'maps.json', 'baits.json', 'star_type.json', 'fish_way.json']) {
        const json = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as LooseJson;
        expect(validate(json), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
        if (file === 'fish.json') {
          json.items[0].data.colour = 'red';
          expect(validate(json)).toBe(false);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
