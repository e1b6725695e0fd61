import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waterShapesOf } from '../water/water-kinds';
import { DEMO_FISH_WAYS } from '../world/fish-ways';
import { DEMO_MAPS } from '../world/maps';
import { buildBaitIconSvg } from './bait-icon-svg';
import { planFor } from './map-kinds';
import { paletteFor } from './map-palette';
import { buildMapSvg } from './map-svg';

/**
 * The painter is frozen: these are the SHA-256 prefixes of every picture's SVG. A change here changes what players
 * see on the demo maps; update the table only on purpose, after looking at the new pictures.
 */
const MAP_SVG: Record<number, string> = {
  100: '63959d270be793e3',
  101: 'be01d8315058a2be',
  102: 'c64199be6e7ff6ad',
  103: '0dfea304444f1e18',
  104: 'f66218380f833498',
  105: '4a9de1ebb291f807',
  106: '7b8c3e5cc99c5d4d',
  107: '0e93e7da7013a737',
  108: '068de95c973292cc',
  109: 'a9c5b50c24a558a8',
  110: 'e98e446afb697c26',
  111: '3e960627e02e0bdd',
  112: '9e6ec6bb740b2e55',
  113: '58bc64cc14ead233',
  114: '48881d022c607cc3',
  115: '8093e93257f13853',
};
const BAIT_SVG: Record<number, string> = {
  300: '9658e1ba0c3bd729',
  301: 'bbbda10d2df4f006',
  302: 'a998c3a57c7400e2',
  303: '408bad68f7b23075',
  304: '0108811c16e5b056',
  305: 'b1425e295cf2d2be',
  306: 'c2fc2d29e70ccc68',
  307: 'eae21d69b5f13d6f',
  308: '06852a824c6ddeb4',
  309: 'b4c1b6c38dd25cc4',
  310: 'c189fa4622463420',
  311: '4a7a62703aeac9ee',
  312: '2e9273430cf5511c',
  313: '1bdbbe6f1834e440',
  314: '06d2263a78a3d48d',
  315: 'cb3225c6e08696cd',
};

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

describe('the frozen painter', () => {
  it.each(DEMO_MAPS.map((m) => [m.id, m] as const))('draws map %i exactly as pinned', (id, map) => {
    expect(sha(buildMapSvg(map))).toBe(MAP_SVG[id]);
  });

  it('draws every bait type icon exactly as pinned', () => {
    expect(Object.fromEntries(DEMO_FISH_WAYS.map((w) => [w.id, sha(buildBaitIconSvg(w.id))]))).toEqual(BAIT_SVG);
  });

  it.each(DEMO_MAPS.map((m) => [m.id, m] as const))(
    'paints on map %i the water that catch placement reads',
    (_id, map) => {
      const plan = planFor(map, paletteFor(map));
      const water = waterShapesOf(map);
      expect({ bodies: plan.bodies, islands: plan.islands, sandbars: plan.sandbars, rocks: plan.rocks }).toEqual({
        bodies: water.bodies,
        islands: water.islands,
        sandbars: water.sandbars,
        rocks: water.rocks,
      });
    },
  );
});
