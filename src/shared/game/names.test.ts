import { describe, expect, it } from 'vitest';
import { displayName, otherNames } from './names';

const full = { name: '白斑狗鱼', name_en: 'Northern Pike', name_ja: 'ノーザンパイク' };

describe('displayName', () => {
  it('shows the name of the language', () => {
    expect(displayName(full, 'zh')).toBe('白斑狗鱼');
    expect(displayName(full, 'en')).toBe('Northern Pike');
    expect(displayName(full, 'ja')).toBe('ノーザンパイク');
  });

  it('falls back to name in en when name_en is missing or blank', () => {
    expect(displayName({ name: '鲤鱼', name_en: null }, 'en')).toBe('鲤鱼');
    expect(displayName({ name: '鲤鱼' }, 'en')).toBe('鲤鱼');
    expect(displayName({ name: '鲤鱼', name_en: '  ' }, 'en')).toBe('鲤鱼');
  });

  it('falls back to name_en, then name, in ja', () => {
    expect(displayName({ name: '鲤鱼', name_en: 'Carp', name_ja: null }, 'ja')).toBe('Carp');
    expect(displayName({ name: '鲤鱼', name_en: 'Carp', name_ja: '' }, 'ja')).toBe('Carp');
    expect(displayName({ name: '鲤鱼', name_en: null, name_ja: null }, 'ja')).toBe('鲤鱼');
  });

  it('always shows name in zh', () => {
    expect(displayName({ name: '鲤鱼', name_en: 'Carp', name_ja: 'コイ' }, 'zh')).toBe('鲤鱼');
  });
});

describe('otherNames', () => {
  it('lists the names of the other languages, zh before en before ja', () => {
    expect(otherNames(full, '白斑狗鱼', 'zh')).toEqual([
      { lang: 'en', text: 'Northern Pike' },
      { lang: 'ja', text: 'ノーザンパイク' },
    ]);
    expect(otherNames(full, 'Northern Pike', 'en')).toEqual([
      { lang: 'zh', text: '白斑狗鱼' },
      { lang: 'ja', text: 'ノーザンパイク' },
    ]);
  });

  it('lists the English name first on a Japanese page', () => {
    expect(otherNames(full, 'ノーザンパイク', 'ja')).toEqual([
      { lang: 'en', text: 'Northern Pike' },
      { lang: 'zh', text: '白斑狗鱼' },
    ]);
  });

  it('leaves out missing and empty names', () => {
    expect(otherNames({ name: '鲤鱼', name_en: null }, '鲤鱼', 'zh')).toEqual([]);
    expect(otherNames({ name: '鲤鱼', name_en: '', name_ja: 'コイ' }, '鲤鱼', 'zh')).toEqual([
      { lang: 'ja', text: 'コイ' },
    ]);
  });

  it('leaves out the shown name, and a name that repeats another', () => {
    // A ja page falling back to the English name shows it already; the same text in two languages appears once.
    expect(otherNames({ name: '鲤鱼', name_en: 'Carp', name_ja: null }, 'Carp', 'ja')).toEqual([
      { lang: 'zh', text: '鲤鱼' },
    ]);
    expect(otherNames({ name: '琥珀湖', name_en: 'Amber Lake', name_ja: '琥珀湖' }, 'Amber Lake', 'en')).toEqual([
      { lang: 'zh', text: '琥珀湖' },
    ]);
  });
});
