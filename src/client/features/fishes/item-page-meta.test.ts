import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { fishDescription, mapDescription } from './item-page-meta';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadLanguages(['zh', 'ja']);
  await i18n.loadNamespaces(['fish', 'map']);
});

const fish = { name: 'Perch', rarity: 'Common', weight: '30 g – 4.5 kg' };

describe("the item pages' descriptions", () => {
  it("names a fish's maps, three at most with how many there are, and its best baits once the guide answered", () => {
    const t = i18n.getFixedT('en', 'fish');
    expect(fishDescription(t, 'en', { ...fish, maps: ['Mirror Lake'], baits: ['Worm', 'Corn'] })).toBe(
      'Perch (Common, 30 g – 4.5 kg) lives in Mirror Lake. Best baits in the last 72 hours: Worm and Corn.',
    );
    expect(fishDescription(t, 'en', { ...fish, maps: ['A', 'B', 'C', 'D', 'E'], baits: null })).toBe(
      'Perch (Common, 30 g – 4.5 kg) lives on 5 maps, among them A, B, and C.',
    );
    expect(fishDescription(t, 'en', { ...fish, maps: [], baits: [] })).toBe(
      'Perch (Common, 30 g – 4.5 kg). No catches reported in the last 72 hours.',
    );
  });

  it("writes each language's own punctuation and list words", () => {
    expect(
      fishDescription(i18n.getFixedT('zh', 'fish'), 'zh', {
        ...fish,
        name: '河鲈',
        rarity: '普通',
        maps: ['镜湖', '老磨坊池塘'],
        baits: ['蚯蚓'],
      }),
    ).toBe('河鲈（普通，30 g – 4.5 kg），栖息于镜湖和老磨坊池塘。最近 72 小时的最佳鱼饵：蚯蚓。');
    expect(
      mapDescription(i18n.getFixedT('ja', 'map'), 'ja', {
        name: '鏡湖',
        fish: ['コイ'],
        top: [{ fish: 'コイ', bait: 'ミミズ' }],
      }),
    ).toBe('鏡湖：1 種の魚が棲んでいます：コイ。直近 72 時間に最も釣れたのはコイ（ミミズ）。');
  });

  it("names a map's fish, the fish caught most with the bait that caught each most, or that nothing was caught", () => {
    const t = i18n.getFixedT('en', 'map');
    const fishes = ['Carp', 'Perch', 'Pike', 'Tench'];
    expect(
      mapDescription(t, 'en', {
        name: 'Mirror Lake',
        fish: fishes,
        top: [
          { fish: 'Perch', bait: 'Worm' },
          { fish: 'Carp', bait: null },
        ],
      }),
    ).toBe(
      'Mirror Lake: 4 fish species live here, among them Carp, Perch, and Pike. Most caught in the last 72 hours: ' +
        'Perch on Worm and Carp.',
    );
    expect(mapDescription(t, 'en', { name: 'Mirror Lake', fish: ['Carp'], top: [] })).toBe(
      'Mirror Lake: 1 fish species lives here: Carp. No catches reported in the last 72 hours.',
    );
    expect(mapDescription(t, 'en', { name: 'Mirror Lake', fish: [], top: null })).toBe(
      'Mirror Lake: a map of the game.',
    );
  });
});
