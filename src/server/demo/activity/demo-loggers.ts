/**
 * The simulated players of the demo world: a few hundred loggers with player names and home waters, and the names
 * on the official records. Seeded, so a re-run creates the same loggers (same client ids) and nothing twice.
 */
import { createRng, type Rng, seedOf } from '../prng';
import { DEMO_MAPS } from '../world/maps';

export const DEMO_LOGGER_COUNT = 300;

export interface DemoLogger {
  loggerId: string;
  playerName: string;
  /** The two or three maps the player fishes most. */
  homeMaps: number[];
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const FIRST = ['Silent', 'Lucky', 'Old', 'Red', 'Misty', 'Swift', 'Lazy', 'Iron', 'Golden', 'Night', 'River', 'Deep'];
const SECOND = ['Pike', 'Angler', 'Carp', 'Heron', 'Otter', 'Bream', 'Reel', 'Hook', 'Trout', 'Catfish', 'Wader'];
const ZH = ['钓鱼佬', '渔夫老王', '江边客', '夜钓人', '鱼塘主', '独钓寒江', '老张', '小李飞钩', '湖畔', '浮漂'];
const JA = ['釣り人', '川の主', '夜釣り', 'ヘラ師', '磯の人', 'ルアーマン', '鯉太郎', '浜ちゃん'];

/** A plausible player name: "SilentPike42", "夜钓人_17", "ヘラ師88"… */
export function playerName(rng: Rng): string {
  const style = rng.next();
  if (style < 0.55) return `${rng.pick(FIRST)}${rng.pick(SECOND)}${rng.chance(0.7) ? rng.int(1, 999) : ''}`;
  if (style < 0.85) return `${rng.pick(ZH)}${rng.chance(0.6) ? `_${rng.int(1, 99)}` : ''}`;
  return `${rng.pick(JA)}${rng.int(1, 99)}`;
}

/** The demo loggers, identical on every run. */
export function demoLoggers(count = DEMO_LOGGER_COUNT): DemoLogger[] {
  const rng = createRng(seedOf(0x1099, 0xe5));
  const names = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const id = Array.from({ length: 22 }, () => BASE62[rng.int(0, 61)]).join('');
    let name = playerName(rng);
    // Unique names, so the official records' "mine" can match a player name to one logger.
    while (names.has(name)) name = `${name}${rng.int(0, 9)}`;
    names.add(name);
    const homeMaps = rng
      .shuffle(DEMO_MAPS)
      .slice(0, rng.int(2, 3))
      .map((m) => m.id);
    return { loggerId: `bird_${id.slice(0, 18)}${String(i).padStart(4, '0')}`, playerName: name, homeMaps };
  });
}
