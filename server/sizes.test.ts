// The server stays readable in pieces: no source file over 400 lines and no function over 100 (a route plugin, a
// service, a SQL builder alike). Data tables are not functions and are not counted; tests are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 100;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'migrations' || entry.name === 'test' ? [] : sourceFiles(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Every function in `text` longer than the limit, named by file, line and name. */
function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > limit) {
        const name = node.name?.getText(source) ?? '(anonymous)';
        found.push(`${file}:${first + 1} ${name} (${last - first + 1} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('server sizes', () => {
  const files = sourceFiles(ROOT).map((path) => ({
    name: relative(ROOT, path),
    text: readFileSync(path, 'utf8'),
  }));

  it(`has no source file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .filter((f) => lineCount(f.text) > MAX_FILE_LINES)
      .map((f) => `${f.name} (${lineCount(f.text)})`);
    expect(long).toEqual([]);
  });

  // Parsing every server file takes seconds on a busy 2-core machine: the default 5 s is about speed, not sizes.
  it(`has no function over ${MAX_FUNCTION_LINES} lines`, { timeout: 60_000 }, () => {
    expect(files.flatMap((f) => longFunctions(f.name, f.text))).toEqual([]);
  });

  it('finds a planted long function, nested or not', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const planted = `export function outer() {\n  const inner = () => {\n${body}\n  };\n  return inner;\n}\n`;
    expect(longFunctions('planted.ts', planted).map((f) => f.split(' ')[1])).toEqual([
      'outer',
      '(anonymous)',
    ]);
    expect(longFunctions('short.ts', 'function short() {\n  return 1;\n}\n')).toEqual([]);
  });
});
