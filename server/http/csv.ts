// CSV for report downloads: RFC 4180 quoting plus a guard against spreadsheet formula injection.

/** Numbers (and booleans) are written as-is and never guarded, so pass figures as numbers, not strings. */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** `;` suits spreadsheets in locales where `,` is the decimal separator (French Excel). Default `,`. */
  readonly delimiter?: ',' | ';';
  /** Prepend a UTF-8 byte-order mark so Excel reads accented text correctly. Default false. */
  readonly bom?: boolean;
}

/** Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, smuggle one in). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Serializes rows to CSV: records end with CRLF, a cell is quoted (with `"` doubled) only when it contains the
 * delimiter, a quote, CR or LF, and text cells starting with =, +, -, @, tab or CR get a leading apostrophe so
 * spreadsheets show them as text. null and undefined are empty cells; non-finite numbers throw RangeError.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  const body = rows
    .map((row) => `${row.map((cell) => csvCell(cell, delimiter)).join(delimiter)}\r\n`)
    .join('');
  return options.bom ? `\uFEFF${body}` : body;
}

function csvCell(cell: CsvCell, delimiter: string): string {
  if (cell === null || cell === undefined) {
    return '';
  }
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) {
      throw new RangeError(`CSV numbers must be finite, got ${cell}`);
    }
    return String(cell);
  }
  if (typeof cell === 'boolean') {
    return String(cell);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return needsQuotes(text, delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
}

function needsQuotes(text: string, delimiter: string): boolean {
  return text.includes(delimiter) || /["\r\n]/.test(text);
}
