import { openDatabase } from '../src/server/db/database';
import { CatalogueSnapshot } from '../src/server/features/catalogue/catalogue-snapshot';
import { CatalogueRepository } from '../src/server/features/catalogue/catalogue.repository';
import { HeatmapRepository } from '../src/server/features/heatmap/heatmap.repository';
import { HeatmapService } from '../src/server/features/heatmap/heatmap.service';
import { gridOf } from '../src/server/catch-store/catch-reads';
import { brotliCompressSync, constants } from 'node:zlib';
const db = await openDatabase({ dialect: 'sqlite', file: process.argv[2]! } as never);
const catalogue = new CatalogueSnapshot(new CatalogueRepository(db.kysely));
const repo = new HeatmapRepository(db.reads, db.dialect);
const svc = new HeatmapService(repo, catalogue, Date.now, false);
const mapId = Number(process.argv[3]); const range = process.argv[4]!;
const grid = gridOf((await catalogue.view()).maps.get(mapId)!.data.bounds);
const D = 86400000; const L = Number(range.replace('d', ''));
const body = (await svc.heatmap({ map_id: mapId, range } as never)).body;
for (const [label, f] of [
  ['service', () => svc.heatmap({ map_id: mapId, range } as never)],
  ['repo.cells', () => { const now = Date.now(); return repo.cells({ map_id: mapId, from: now - L * D, to: now, now }, grid); }],
  ['brotli q4', async () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })],
] as const) {
  const t: number[] = [];
  for (let i = 0; i < 21; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(label, 'min', t[0]!.toFixed(1), 'p50', t[10]!.toFixed(1), body.length);
}
await db.close();
