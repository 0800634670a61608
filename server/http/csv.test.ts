// Tests for CSV serialization: RFC 4180 quoting and the formula-injection guard.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvCell, csvOptionsFor, toCsv } from './csv';

/** A strict RFC 4180 reader, used to check that whatever we write reads back cell for cell. */
function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      const end = closingQuote(text, index);
      cell += text.slice(index + 1, end).replaceAll('""', '"');
      index = end + 1;
    } else if (text[index] === delimiter) {
      row.push(cell);
      cell = '';
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      index += 2;
    } else {
      cell += text[index];
      index += 1;
    }
  }
  return rows;
}

function closingQuote(text: string, open: number): number {
  let index = open + 1;
  while (index < text.length) {
    if (text[index] === '"' && text[index + 1] === '"') {
      index += 2;
    } else if (text[index] === '"') {
      return index;
    } else {
      index += 1;
    }
  }
  throw new Error('unterminated quote');
}

describe('toCsv', () => {
  it('writes plain cells as they are, ending every record with CRLF', () => {
    expect(
      toCsv([
        ['month', 'income'],
        ['2024-01', 12.5],
        ['2024-02', -3],
      ]),
    ).toBe('month,income\r\n2024-01,12.5\r\n2024-02,-3\r\n');
    expect(toCsv([])).toBe('');
  });

  it('quotes cells with delimiters, quotes and line breaks', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'cr\r']])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\r"\r\n',
    );
    expect(toCsv([['\rx']])).toBe(`"'\rx"\r\n`);
    expect(toCsv([['a;b', 'a,b']], { delimiter: ';' })).toBe('"a;b";a,b\r\n');
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+33 6 12', "'+33 6 12"],
    ['-12', "'-12"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['café = good', 'café = good'],
  ])('guards the text cell %j', (cell, written) => {
    expect(toCsv([[cell]])).toBe(`${written}\r\n`);
  });

  it('writes numbers, booleans and empty cells unguarded', () => {
    expect(toCsv([[-1250.5, 0, true, null, undefined, '']])).toBe('-1250.5,0,true,,,\r\n');
    expect(() => toCsv([[Number.NaN]])).toThrow(RangeError);
    expect(() => toCsv([[Number.POSITIVE_INFINITY]])).toThrow(RangeError);
  });

  it('can start with a byte-order mark for Excel', () => {
    expect(toCsv([['é']], { bom: true })).toBe('\uFEFFé\r\n');
  });

  it('reads back cell for cell, with dangerous text prefixed by an apostrophe (property)', () => {
    const cell = fc.oneof(
      fc.string({
        unit: fc.constantFrom('a', ',', ';', '"', '\r', '\n', '\t', '=', '+', '-', '@', ' ', "'", 'é'),
      }),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        fc.constantFrom(',' as const, ';' as const),
        (rows, delimiter) => {
          const guarded = rows.map((row) =>
            row.map((text) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)),
          );
          expect(parseCsv(toCsv(rows, { delimiter }), delimiter)).toEqual(guarded);
        },
      ),
    );
  });

  it('reads numbers back as the same numbers (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1 }),
        (numbers) => {
          const cells: CsvCell[] = numbers;
          const [read] = parseCsv(toCsv([cells]));
          expect(read?.map(Number)).toEqual(numbers.map((value) => value + 0));
        },
      ),
    );
  });

  it('writes the decimal comma, quoting a number only where the comma is the delimiter', () => {
    expect(toCsv([['Montant', 1250.5, -3, 7]], { delimiter: ';', decimal: ',' })).toBe(
      'Montant;1250,5;-3;7\r\n',
    );
    expect(toCsv([[12.5, 2]], { decimal: ',' })).toBe('"12,5",2\r\n');
  });

  it('lays a file out for the reader: French ; with the decimal comma, a BOM for both languages', () => {
    expect(toCsv([['Catégorie', 12.5]], csvOptionsFor('fr'))).toBe('\uFEFFCatégorie;12,5\r\n');
    expect(toCsv([['Category', 12.5]], csvOptionsFor('en'))).toBe('\uFEFFCategory,12.5\r\n');
  });

  it('reads French numbers back as the same numbers (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1 }),
        (numbers) => {
          const [read] = parseCsv(toCsv([numbers], { delimiter: ';', decimal: ',' }), ';');
          expect(read?.map((text) => Number(text.replace(',', '.')))).toEqual(
            numbers.map((value) => value + 0),
          );
        },
      ),
    );
  });
});
