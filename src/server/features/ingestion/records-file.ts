/**
 * The file of `npm run records:import -- FILE` (format in docs/logger-api.md): a JSON array of records, or CSV with
 * a header row naming the fields. CSV cells are text, so they are typed by field before the writer judges them as
 * it judges JSON: numeric fields become numbers when the cell is a plain number, `night` a boolean when it reads
 * true/false, and an empty cell leaves the field out. Anything else stays text, for the writer to refuse with the
 * field's message (a weight of "heavy" is an error, never a 0).
 */

/** Items in file order, and where each one starts (1-based line) for the messages of the CLI. */
export interface RecordsFile {
  items: unknown[];
  lines: number[];
}

export class RecordsFileError extends Error {
  override name = 'RecordsFileError';
}

const NUMERIC_FIELDS = new Set([
  'map_id',
  'fish_id',
  'bait_id',
  'bait2_id',
  'star_type',
  'weight',
  'depth',
  'angle',
  'game_hour',
  'temperature',
  'x',
  'y',
  'time_spent',
]);
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function typedCell(field: string, cell: string): unknown {
  if (NUMERIC_FIELDS.has(field) && NUMBER.test(cell)) return Number(cell);
  if (field === 'night' && /^(true|false)$/i.test(cell)) return cell.toLowerCase() === 'true';
  return cell;
}

/** RFC 4180 rows: commas, double quotes around a field (`""` inside one is a quote), LF or CRLF line ends. */
function csvRows(text: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    // A blank line (one empty cell) is no record.
    if (cells.length > 1 || cells[0] !== '') rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += c;
    i += 1;
  }
  if (quoted) throw new RecordsFileError(`line ${rowLine}: a quoted field is not closed`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

function parseCsv(text: string): RecordsFile {
  const [header, ...rows] = csvRows(text);
  if (!header) throw new RecordsFileError('the file is empty: expected a header row naming the fields');
  const fields = header.cells.map((name) => name.trim());
  const items = rows.map(({ cells, line }) => {
    if (cells.length !== fields.length)
      throw new RecordsFileError(`line ${line}: ${cells.length} fields, but the header names ${fields.length}`);
    const item: Record<string, unknown> = {};
    fields.forEach((field, i) => {
      if (cells[i] !== '') item[field] = typedCell(field, cells[i]!);
    });
    return item;
  });
  return { items, lines: rows.map((row) => row.line) };
}

function parseJson(text: string): RecordsFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RecordsFileError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new RecordsFileError('a JSON file must hold an array of records');
  // JSON items have no line of their own: number them from 1, as the messages say "record N".
  return { items: parsed, lines: parsed.map((_, i) => i + 1) };
}

/** Reads a records file: JSON when `name` ends in .json or the text starts with `[`, CSV otherwise. */
export function parseRecordsFile(name: string, text: string): RecordsFile {
  const body = text.replace(/^\uFEFF/, '');
  return name.toLowerCase().endsWith('.json') || body.trimStart().startsWith('[') ? parseJson(body) : parseCsv(body);
}
