// CSV for report downloads: RFC 4180 quoting plus a guard against spreadsheet formula injection.
import type { FastifyReply } from 'fastify';
import type { Language } from '../../contract/constants';

/** Numbers (and booleans) are written as-is and never guarded, so pass figures as numbers, not strings. */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** `;` suits spreadsheets in locales where `,` is the decimal separator (French Excel). Default `,`. */
  readonly delimiter?: ',' | ';';
  /** Prepend a UTF-8 byte-order mark so Excel reads accented text correctly. Default false. */
  readonly bom?: boolean;
  /** `,` writes numbers with the decimal comma (12,5), as French spreadsheets read them. Default `.`. */
  readonly decimal?: '.' | ',';
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
  const decimal = options.decimal ?? '.';
  const body = rows
    .map((row) => `${row.map((cell) => csvCell(cell, delimiter, decimal)).join(delimiter)}\r\n`)
    .join('');
  return options.bom ? `\uFEFF${body}` : body;
}

function csvCell(cell: CsvCell, delimiter: string, decimal: string): string {
  if (cell === null || cell === undefined) {
    return '';
  }
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) {
      throw new RangeError(`CSV numbers must be finite, got ${cell}`);
    }
    const text = String(cell).replace('.', decimal);
    // A decimal comma in a comma-separated file would split the number: quoted then.
    return needsQuotes(text, delimiter) ? `"${text}"` : text;
  }
  if (typeof cell === 'boolean') {
    return String(cell);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return needsQuotes(text, delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV layout a spreadsheet in `lang` opens as it is: a BOM for accents, French `;` and the decimal comma. */
export function csvOptionsFor(lang: Language): CsvOptions {
  return lang === 'fr'
    ? { delimiter: ';', decimal: ',', bom: true }
    : { delimiter: ',', decimal: '.', bom: true };
}

function needsQuotes(text: string, delimiter: string): boolean {
  return text.includes(delimiter) || /["\r\n]/.test(text);
}

/** Sends a CSV download: text/csv in UTF-8, as an attachment, never cached (what it lists changes). */
export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
