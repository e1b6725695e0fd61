/**
 * Writes docs/catalogue-package.schema.json from the package's zod schemas (`npm run catalogue:schema`). A test
 * (src/server/features/catalogue/package/package-json-schema.test.ts) fails while the committed file differs.
 *
 *   tsx scripts/catalogue-schema.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cataloguePackageJsonSchemaText } from '../src/server/features/catalogue/package/package-json-schema';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/catalogue-package.schema.json');
writeFileSync(target, cataloguePackageJsonSchemaText());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
