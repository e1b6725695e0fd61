/**
 * One address, one account, whichever form of an internationalised domain it is written in (contract: departures):
 * `user@bücher.example` and `user@xn--bcher-kva.example` name the same mailbox, so the domain is converted to its
 * ASCII (punycode) form with WHATWG's domain-to-ASCII (UTS #46 mapping, as browsers do) before an address is
 * stored, looked up, compared or counted. The shared `EmailStr` cannot do it: src/shared has no URL or IDNA API.
 */
import { domainToASCII } from 'node:url';

/** Nothing to convert when every character is ASCII (checked by code point, no regex over control characters). */
const isAscii = (text: string) => [...text].every((c) => c.codePointAt(0)! < 0x80);

/**
 * The address with its domain in ASCII form; the local part keeps its case. Anything that is no address (no @, or
 * a domain IDNA refuses: `domainToASCII` answers '') is returned as it is, so a login with it finds no account.
 */
export function asciiEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at === -1) return email;
  const domain = email.slice(at + 1);
  if (isAscii(domain)) return email;
  const ascii = domainToASCII(domain);
  return ascii ? `${email.slice(0, at)}@${ascii}` : email;
}
