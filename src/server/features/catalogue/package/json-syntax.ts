/**
 * Where malformed JSON goes wrong, for the problem that says so: V8's `JSON.parse` names a position for some errors
 * and not for others ("Unexpected token 'x', ... is not valid JSON"), so after it fails this small scanner finds the
 * first offending character itself. It only runs on text JSON.parse already refused, and it keeps its own stack, so
 * deep nesting cannot overflow it.
 */

export interface JsonSyntaxError {
  /** 1-based line and column of the first character that cannot be there. */
  line: number;
  column: number;
  reason: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Offset of the first syntax error in `text`, or null if it is valid JSON. */
function firstError(text: string): Stop | null {
  let at = 0;
  const skip = (): void => {
    while (at < text.length && WHITESPACE.has(text[at] as string)) at += 1;
  };
  const fail = (reason: string): never => {
    throw new Stop(at, at >= text.length ? 'unexpected end of the file' : reason);
  };
  const string = (): void => {
    at += 1;
    for (;;) {
      const ch = text[at];
      if (ch === undefined) fail('unterminated string');
      if (ch === '"') {
        at += 1;
        return;
      }
      if (ch === '\\') {
        ESCAPE.lastIndex = at;
        if (!ESCAPE.test(text)) fail('invalid escape in a string');
        at = ESCAPE.lastIndex;
      } else if ((ch as string) < ' ') fail('control character in a string (write it as an escape)');
      else at += 1;
    }
  };
  const scalar = (): void => {
    const ch = text[at];
    if (ch === '"') return string();
    const literal = LITERALS.find((word) => text.startsWith(word, at));
    if (literal) {
      at += literal.length;
      return;
    }
    NUMBER.lastIndex = at;
    if (NUMBER.test(text)) {
      at = NUMBER.lastIndex;
      return;
    }
    fail(`unexpected character ${JSON.stringify(ch)}`);
  };

  // The containers still open: '{' or '['.
  const open: string[] = [];
  try {
    for (;;) {
      // A value is expected here.
      skip();
      const ch = text[at];
      if (ch === '{' || ch === '[') {
        open.push(ch);
        at += 1;
        skip();
        const close = ch === '{' ? '}' : ']';
        if (text[at] === close) {
          open.pop();
          at += 1;
        } else {
          if (ch === '{') key();
          continue;
        }
      } else scalar();
      // After a value: a comma, a close, or the end.
      for (;;) {
        skip();
        const top = open[open.length - 1];
        if (top === undefined) {
          if (at < text.length) fail('unexpected text after the JSON value');
          return null;
        }
        const close = top === '{' ? '}' : ']';
        if (text[at] === close) {
          open.pop();
          at += 1;
          continue;
        }
        if (text[at] !== ',') fail(`expected "," or "${close}"`);
        at += 1;
        if (top === '{') key();
        break;
      }
    }
  } catch (error) {
    if (error instanceof Stop) return error;
    throw error;
  }

  function key(): void {
    skip();
    if (text[at] !== '"') fail('expected a property name in double quotes');
    string();
    skip();
    if (text[at] !== ':') fail('expected ":" after the property name');
    at += 1;
  }
}

/** Line and column of the first syntax error, or null when the text is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  const error = firstError(text);
  if (!error) return null;
  const before = text.slice(0, error.at);
  const line = before.split('\n').length;
  const column = error.at - before.lastIndexOf('\n');
  return { line, column, reason: error.reason };
}
