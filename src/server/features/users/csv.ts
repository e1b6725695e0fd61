/**
 * CSV as spreadsheet programs read it (RFC 4180): fields quoted when they hold a comma, a quote or a line break, and
 * quotes doubled. A file starts with a UTF-8 byte order mark, without which Excel reads UTF-8 as the system's code
 * page and shows Chinese and Japanese names as mojibake.
 */

export const UTF8_BOM = '\uFEFF';

/**
 * A text cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before one)
 * gets a leading apostrophe: OWASP's "CSV injection" advice. A player name is free text that any logger can set.
 * Numbers are written as they are, so a negative number stays a number.
 */
function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const written = typeof value === 'string' ? text(value) : String(value);
  return /[",\r\n]/.test(written) ? `"${written.replaceAll('"', '""')}"` : written;
}

/** One line of cells, ended with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}
