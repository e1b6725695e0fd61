import { describe, expect, it } from 'vitest';
import {
  closeNames,
  closestNamesInText,
  foldName,
  matchesName,
  type MatchMode,
  NameIndex,
  nameKeys,
  prepareQuery,
  withNameCorrected,
} from './name-match';

// name_pinyin as the server stores it (pinyin-pro's toneless syllables, see catalogue/index-letters.ts).
const carp = { id: 1, name: '鲤鱼', name_en: 'Common carp', name_ja: 'コイ', name_pinyin: 'li yu' };
const pike = {
  id: 2,
  name: '白斑狗鱼',
  name_en: 'Northern pike',
  name_ja: 'ノーザンパイク',
  name_pinyin: 'bai ban gou yu',
};
const bigBass = {
  id: 3,
  name: '大口黑鲈',
  name_en: 'Largemouth bass',
  name_ja: 'ラージマウスバス',
  name_pinyin: 'da kou hei lu',
};
const smallBass = {
  id: 4,
  name: '小口黑鲈',
  name_en: 'Smallmouth bass',
  name_ja: 'スモールマウスバス',
  name_pinyin: 'xiao kou hei lu',
};
const ide = { id: 5, name: '圆腹雅罗鱼', name_en: 'Ide', name_ja: 'アイデ', name_pinyin: 'yuan fu ya luo yu' };
const ALL = [carp, pike, bigBass, smallBass, ide];

const search = (text: string, mode: MatchMode = 'anywhere') =>
  ALL.filter((item) => matchesName(nameKeys(item), prepareQuery(text), mode)).map((item) => item.id);

describe('matchesName', () => {
  it('matches anywhere in a name in every language, whatever the case or the width', () => {
    expect(search('CARP')).toEqual([1]);
    expect(search('ｃａｒｐ')).toEqual([1]);
    expect(search('斑狗')).toEqual([2]);
    expect(search('マウス')).toEqual([3, 4]);
    expect(search('ﾏｳｽ')).toEqual([3, 4]);
    expect(search('')).toEqual([1, 2, 3, 4, 5]);
  });

  it('folds hiragana to katakana, so a Japanese reader may type either', () => {
    expect(search('こい')).toEqual([1]);
    expect(search('のーざん')).toEqual([2]);
  });

  it('matches Chinese names by their pinyin, whole or by initials, from a syllable', () => {
    expect(search('liyu')).toEqual([1]);
    expect(search('Li Yu')).toEqual([1]);
    expect(search('ly')).toEqual([1]);
    expect(search('gouyu')).toEqual([2]);
    expect(search('heilu')).toEqual([3, 4]);
    expect(search('dkhl')).toEqual([3]);
    // From the first syllable only when matching from the start.
    expect(search('gouyu', 'start')).toEqual([]);
    expect(search('baiban', 'start')).toEqual([2]);
  });

  it('matches the last word of a name, also from the start', () => {
    expect(search('pike', 'start')).toEqual([2]);
    expect(search('bass', 'start')).toEqual([3, 4]);
    // The middle of a word is not its start.
    expect(search('ike', 'start')).toEqual([]);
  });

  it('finds nothing for text that is in no name nor reading', () => {
    // Inside a syllable ('i y' of 'li yu') is not a reading; a Latin word is not looked for in the pinyin's middle.
    expect(search('iyu')).toEqual([]);
    expect(search('zzz')).toEqual([]);
    expect(search('鳟')).toEqual([]);
    expect(search('mouth', 'start')).toEqual([]);
    // Symbols are not pinyin.
    expect(search('li-yu')).toEqual([]);
  });

  it('keeps Latin names of Chinese names out of pinyin (there is no reading to match)', () => {
    const latin = nameKeys({ name: 'Rapala', name_pinyin: 'r a p a l a' });
    expect(latin.pinyin).toBeNull();
    expect(matchesName(latin, prepareQuery('rapa'))).toBe(true);
  });
});

describe('closeNames', () => {
  const entries = ALL.map((item) => ({ item, keys: nameKeys(item) }));
  const suggest = (text: string) => closeNames(entries, prepareQuery(text)).map((s) => s.text);

  it('offers the name a typo was meant for, in the language typed', () => {
    expect(suggest('Common carpp')).toEqual(['Common carp']);
    expect(suggest('carpp')).toEqual(['Common carp']);
    expect(suggest('pikr')).toEqual(['Northern pike']);
    expect(suggest('liyuu')).toEqual(['鲤鱼']);
    expect(suggest('ノーザンパイケ')).toEqual(['ノーザンパイク']);
  });

  it('offers nothing for text far from every name, or too short to judge', () => {
    expect(suggest('walleye')).toEqual([]);
    expect(suggest('c')).toEqual([]);
  });
});

describe('NameIndex (names in a sentence)', () => {
  const index = new NameIndex(ALL);
  const found = (text: string) => index.find(foldName(text))?.id ?? null;

  it('finds a name anywhere in CJK text and as whole words in Latin text', () => {
    expect(found('白斑狗鱼用什么饵')).toBe(2);
    expect(found('what bait for northern pike?')).toBe(2);
    expect(found('what is inside the lake')).toBeNull();
    expect(found('ide bait')).toBe(5);
    // A Latin name written straight into a Chinese sentence still stands as its own words.
    expect(found('northern pike用什么饵')).toBe(2);
  });

  it('finds a name by its pinyin and by a last word only one name has', () => {
    expect(found('liyu yong shenme er')).toBe(1);
    expect(found('li yu yong shenme er')).toBe(1);
    expect(found('best bait for pike')).toBe(2);
    // Two names end in "bass": it does not tell which.
    expect(found('best bait for bass')).toBeNull();
    expect(found('こいの餌')).toBe(1);
  });

  it('suggests close names in a sentence, every owner of a shared last word among them', () => {
    expect(closestNamesInText(index, foldName('what bait for carpp'))).toEqual([1]);
    expect(closestNamesInText(index, foldName('best bait for bass')).sort()).toEqual([3, 4]);
    expect(closestNamesInText(index, foldName('hello there'))).toEqual([]);
    // A whole name with a typo comes before the names that merely share its last word.
    expect(closestNamesInText(index, foldName('smalmouth bass'))).toEqual([4, 3]);
  });

  it('re-writes a question with the corrected name where the typo stood', () => {
    expect(withNameCorrected('What bait for Common carpp?', carp, 'Common carp')).toBe('What bait for Common carp?');
    expect(withNameCorrected('鲤渔用什么饵', carp, '鲤鱼')).toBe('鲤鱼用什么饵');
    expect(withNameCorrected('best bait for bass', bigBass, 'Largemouth bass')).toBe('best bait for Largemouth bass');
    expect(withNameCorrected('hello', carp, '鲤鱼')).toBe('hello 鲤鱼');
  });
});

describe('close names in CJK text', () => {
  it('offers a two-character Chinese or Japanese name only as written, a Latin one within an edit', () => {
    const index = new NameIndex([carp]);
    // "さい" of "ください" is one kana from "コイ" (こい): another word, not a typo.
    expect(closestNamesInText(index, foldName('明日の予定を教えてください'))).toEqual([]);
    expect(closestNamesInText(index, foldName('今天天气怎么样'))).toEqual([]);
    expect(closeNames([{ item: carp, keys: nameKeys(carp) }], prepareQuery('さい'))).toEqual([]);
    expect(closeNames([{ item: carp, keys: nameKeys(carp) }], prepareQuery('carpp')).map((c) => c.text)).toEqual([
      'Common carp',
    ]);
  });
});
