/**
 * The nickname and bio rules of the account contract: the e-mail's unsafe-character rule (email_validator's), with
 * the ASCII space allowed in both and the line feed in a bio only.
 */
import { describe, expect, it } from 'vitest';
import { unsafeCharacters } from '../account-rules';
import { Bio, Nickname, UpdateUserBody } from './auth';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('Nickname', () => {
  it.each([
    ['U+202E', 'ab\u202Ecd'],
    ['U+200B', 'ab\u200Bcd'],
    ['U+2066', 'ab\u2066cd'],
    ['U+000A', 'ab\ncd'],
    ['U+000D', 'ab\rcd'],
    ['U+0009', 'ab\tcd'],
    ['U+00A0', 'ab\u00A0cd'],
    ['U+D800', 'ab\uD800cd'],
    ['U+0301', '\u0301abcd'],
  ])('refuses %s', (list, value) => {
    expect(message(Nickname.safeParse(value))).toBe(`Nickname contains unsafe characters: ${list}.`);
  });

  it('names the unsafe characters before judging the length', () => {
    expect(message(Nickname.safeParse('\u202E'))).toBe('Nickname contains unsafe characters: U+202E.');
    expect(message(Nickname.safeParse('x'))).toBe('Nickname must be at least 2 characters long');
  });

  it('accepts spaces, combining marks after a letter and any script; trims the ends', () => {
    expect(Nickname.parse('  Old Man River ')).toBe('Old Man River');
    expect(Nickname.parse('ange\u0301lique')).toBe('ange\u0301lique');
    expect(Nickname.parse('钓鱼王 🎣')).toBe('钓鱼王 🎣');
  });
});

describe('Bio', () => {
  it('keeps line feeds, stores CR LF as LF and refuses a lone CR', () => {
    expect(Bio.parse('one\r\ntwo\n\nthree')).toBe('one\ntwo\n\nthree');
    expect(message(Bio.safeParse('one\rtwo'))).toBe('Bio contains unsafe characters: U+000D.');
  });

  it('refuses the other unsafe characters, each named once in code point order', () => {
    expect(message(Bio.safeParse('a\u202Eb\u200Bc\u200B\u2028'))).toBe(
      'Bio contains unsafe characters: U+200B, U+2028, U+202E.',
    );
  });
});

describe('UpdateUserBody', () => {
  it('takes current_password as a string, null or nothing', () => {
    expect(UpdateUserBody.parse({ current_password: 'secret' }).current_password).toBe('secret');
    expect(UpdateUserBody.parse({ current_password: null }).current_password).toBeNull();
    expect(UpdateUserBody.safeParse({ current_password: 5 }).success).toBe(false);
  });
});

describe('unsafeCharacters', () => {
  it('lets the allowed characters through and nothing else', () => {
    expect(unsafeCharacters('a b\nc', new Set([' ', '\n']))).toBe('');
    expect(unsafeCharacters('a b\nc')).toBe('U+000A, U+0020');
  });
});
