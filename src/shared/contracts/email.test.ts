/**
 * `checkEmail` against python email_validator's rules for Unicode: letters, digits, punctuation and symbols of any
 * script pass; characters that change how an address renders or break the text around it do not.
 */
import { describe, expect, it } from 'vitest';
import { checkEmail } from './email';

const unsafe = (list: string) => ({ ok: false, reason: `The email address contains unsafe characters: ${list}.` });

describe('checkEmail and unsafe Unicode', () => {
  it('accepts internationalised addresses, astral characters included', () => {
    for (const email of ['钓鱼王@example.com', 'pêcheur@exämple.fr', 'angler🎣@example.com', 'δοκιμή@παράδειγμα.ελ']) {
      expect(checkEmail(email)).toEqual({ ok: true, email: email.normalize('NFC') });
    }
  });

  it.each([
    ['U+2028', '\u2028'], // line separator (Zl)
    ['U+2029', '\u2029'], // paragraph separator (Zp)
    ['U+0085', '\u0085'], // next line (Cc)
    ['U+00AD', '\u00AD'], // soft hyphen (Cf)
    ['U+200B', '\u200B'], // zero-width space
    ['U+200C', '\u200C'],
    ['U+200D', '\u200D'],
    ['U+200E', '\u200E'], // left-to-right mark
    ['U+200F', '\u200F'],
    ['U+202A', '\u202A'], // bidi embedding / override
    ['U+202E', '\u202E'],
    ['U+2066', '\u2066'], // bidi isolates
    ['U+2069', '\u2069'],
    ['U+FEFF', '\uFEFF'], // byte order mark
    ['U+00A0', '\u00A0'], // no-break space (Zs outside ASCII)
    ['U+E000', '\uE000'], // private use (Co)
    ['U+0378', '\u0378'], // unassigned (Cn)
  ])('refuses %s in the local part and in the domain', (name, c) => {
    expect(checkEmail(`an${c}gler@example.com`)).toEqual(unsafe(name));
    expect(checkEmail(`angler@exa${c}mple.com`)).toEqual(unsafe(name));
  });

  it('names every unsafe character once, in code point order, astral ones with 8 digits', () => {
    expect(checkEmail('a\u202Eb\u200Bc\u200Bd\u{F0000}@example.com')).toEqual(unsafe('U+200B, U+202E, U+000F0000'));
  });

  it('refuses a combining mark first (it would combine with the text before), accepts one later', () => {
    expect(checkEmail('\u0301angler@example.com')).toEqual(unsafe('U+0301'));
    expect(checkEmail('ange\u0301lique@example.com')).toEqual({ ok: true, email: 'angélique@example.com' });
  });
});
