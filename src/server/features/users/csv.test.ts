import { describe, expect, it } from 'vitest';
import { csvLine, UTF8_BOM } from './csv';

describe('csvLine', () => {
  it('quotes what holds a comma, a quote or a line break, doubling quotes; ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 'cr\r'])).toBe(
      'a,"b,c","say ""hi""","two\nlines","cr\r"\r\n',
    );
  });

  it('writes numbers, booleans and nulls plainly; a negative number stays a number', () => {
    expect(csvLine([-12.5, 0, true, false, null])).toBe('-12.5,0,true,false,\r\n');
  });

  it('makes text a spreadsheet would run as a formula inert with a leading apostrophe', () => {
    expect(csvLine(['=1+1', '+cmd', '-2', '@SUM(A1)', '\t=x', '\r=x', 'a=b'])).toBe(
      "'=1+1,'+cmd,'-2,'@SUM(A1),'\t=x,\"'\r=x\",a=b\r\n",
    );
    // Quoted as well when the formula also holds a comma.
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe('"\'=HYPERLINK(""http://x"",""y"")"\r\n');
  });

  it('keeps Chinese and Japanese text as it is, after a byte order mark a spreadsheet reads as UTF-8', () => {
    expect(Buffer.from(UTF8_BOM + csvLine(['鲤鱼', 'コイ']), 'utf8').subarray(0, 3)).toEqual(
      Buffer.from([0xef, 0xbb, 0xbf]),
    );
    expect(csvLine(['鲤鱼', 'コイ'])).toBe('鲤鱼,コイ\r\n');
  });
});
