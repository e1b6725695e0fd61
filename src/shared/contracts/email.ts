/**
 * E-mail addresses as FastAPI Users' `EmailStr` reads them (docs/account-api.md §1.5: pydantic + email_validator
 * with deliverability off): trim, accept `Name <addr>`, lowercase the domain but keep the local part's case, refuse
 * a domain without a dot and the special-use names. The reasons are email_validator's wording, which clients show.
 */
import { z } from 'zod';
import { unsafeCharacters as unsafeChars } from '../account-rules';

export const EMAIL_MAX_INPUT = 2048;
const LOCAL_MAX = 64;
const ADDRESS_MAX = 254;
const SPECIAL_USE_TLDS = new Set(['arpa', 'invalid', 'local', 'localhost', 'onion', 'test']);
// RFC 5322 atext plus dots between atoms; any non-ASCII character is allowed (SMTPUTF8 addresses), as long as it is
// not unsafe (email_validator's rule, `unsafeCharacters` in account-rules, which nicknames and bios share).
const LOCAL_CHAR = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.\u{80}-\u{10FFFF}]$/u;
const DOMAIN_LABEL = /^(?!-)[a-z0-9\u{80}-\u{10FFFF}-]{1,63}(?<!-)$/u;
// pydantic's pretty form: `Display Name <address>`.
const PRETTY = /^ *([\w ]*?) *<(.+?)> *$/u;

export type EmailCheck = { ok: true; email: string } | { ok: false; reason: string };

function invalidChars(text: string, test: (c: string) => boolean): string {
  const bad = [...new Set([...text].filter((c) => !test(c)))];
  return bad.map((c) => `'${c}'`).join(', ');
}

export function checkEmail(raw: string): EmailCheck {
  if (raw.length > EMAIL_MAX_INPUT)
    return { ok: false, reason: `Length must not exceed ${EMAIL_MAX_INPUT} characters` };
  let text = raw.trim();
  const pretty = PRETTY.exec(text);
  if (pretty) text = pretty[2]!.trim();
  text = text.normalize('NFC');

  const at = text.lastIndexOf('@');
  if (at === -1) return { ok: false, reason: 'An email address must have an @-sign.' };
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (!local) return { ok: false, reason: 'There must be something before the @-sign.' };
  if (!domain) return { ok: false, reason: 'There must be something after the @-sign.' };

  const badLocal = invalidChars(local, (c) => LOCAL_CHAR.test(c));
  if (badLocal)
    return { ok: false, reason: `The email address contains invalid characters before the @-sign: ${badLocal}.` };
  if (local.startsWith('.')) return { ok: false, reason: 'An email address cannot start with a period.' };
  if (local.endsWith('.'))
    return { ok: false, reason: 'An email address cannot have a period immediately before the @-sign.' };
  if (local.includes('..')) return { ok: false, reason: 'An email address cannot have two periods in a row.' };
  const unsafeLocal = unsafeChars(local);
  if (unsafeLocal) return { ok: false, reason: `The email address contains unsafe characters: ${unsafeLocal}.` };
  if (local.length > LOCAL_MAX)
    return {
      ok: false,
      reason: `The email address is too long before the @-sign (${local.length - LOCAL_MAX} character${local.length - LOCAL_MAX === 1 ? '' : 's'} too many).`,
    };

  if (!domain.includes('.'))
    return { ok: false, reason: 'The part after the @-sign is not valid. It should have a period.' };
  const labels = domain.split('.');
  if (labels.some((label) => !DOMAIN_LABEL.test(label))) {
    const bad = invalidChars(domain, (c) => /[a-z0-9.\-\u{80}-\u{10FFFF}]/u.test(c));
    return {
      ok: false,
      reason: bad
        ? `The part after the @-sign contains invalid characters: ${bad}.`
        : 'The part after the @-sign is not valid IDNA.',
    };
  }
  const unsafeDomain = unsafeChars(domain);
  if (unsafeDomain) return { ok: false, reason: `The email address contains unsafe characters: ${unsafeDomain}.` };
  const tld = labels.at(-1)!;
  if (SPECIAL_USE_TLDS.has(tld))
    return {
      ok: false,
      reason: 'The part after the @-sign is a special-use or reserved name that cannot be used with email.',
    };
  if (/^[0-9]+$/.test(tld))
    return { ok: false, reason: 'The part after the @-sign is not valid. It is not within a valid top-level domain.' };

  const email = `${local}@${domain}`;
  if (email.length > ADDRESS_MAX)
    return { ok: false, reason: `The email address is too long (${email.length - ADDRESS_MAX} characters too many).` };
  return { ok: true, email };
}

/**
 * pydantic's `EmailStr` as a zod schema: answers the normalised address, or a `value_error` issue whose message and
 * `ctx.reason` are pydantic's (the server's 422 list reads `params.pydantic`).
 */
export const EmailStr = z.string().transform((value, ctx) => {
  const checked = checkEmail(value);
  if (checked.ok) return checked.email;
  ctx.issues.push({
    code: 'custom',
    input: value,
    message: `value is not a valid email address: ${checked.reason}`,
    params: { pydantic: { type: 'value_error', ctx: { reason: checked.reason } } },
  });
  return z.NEVER;
});
