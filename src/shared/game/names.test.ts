import { describe, expect, it } from 'vitest';
import { displayName } from './names';

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
