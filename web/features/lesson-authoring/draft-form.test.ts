import { describe, expect, it } from 'vitest';
import { ZLessonContent } from '../../../contract/lessons';
import { draft } from './authoring-test-kit';
import { contentOf, emptyForm, errorAt, errorsOf, formOf, move, splitLines } from './draft-form';

describe('the lesson form', () => {
  it('turns a working copy into fields and back into the same content', () => {
    const content = draft().content;
    expect(ZLessonContent.parse(contentOf(formOf(content)))).toEqual(content);
  });

  it('leaves out blank headings, years and addresses, and blank lines of a list', () => {
    const form = formOf(draft().content);
    const fr = form.fr;
    if (!fr) {
      throw new Error('the sample is in French');
    }
    fr.sections = [{ kind: 'steps', heading: '  ', steps: 'Un\n\n  Deux  \n' }];
    form.sources = [{ publisher: 'FAO', title: 'Guide', year: ' ', url: '' }];
    const content = contentOf(form) as { fr: { sections: unknown[] }; sources: unknown[] };
    expect(content.fr.sections).toEqual([{ kind: 'steps', steps: ['Un', 'Deux'] }]);
    expect(content.sources).toEqual([{ publisher: 'FAO', title: 'Guide', year: null, url: null }]);
  });

  it('keeps a number typed wrong as text, so the schema names its field', () => {
    const form = { ...formOf(draft().content), readingMinutes: 'trois' };
    const result = ZLessonContent.safeParse(contentOf(form));
    expect(result.success).toBe(false);
    expect(Object.keys(errorsOf(result.error?.issues ?? []))).toContain('readingMinutes');
  });

  it('names each wrong field by its path, and a list typed in one box by any of its lines', () => {
    const form = emptyForm('fr');
    const result = ZLessonContent.safeParse(contentOf(form));
    const errors = errorsOf(result.error?.issues ?? []);
    expect(errors.slug).toBe('lessons.validation.slug');
    expect(errors['fr.title']).toBeDefined();
    expect(errors['sources.0.publisher']).toBeDefined();
    expect(errorAt({ 'fr.sections.0.steps.2': 'x' }, 'fr.sections.0.steps')).toBe('x');
    expect(errorAt({ 'fr.sections.10.text': 'x' }, 'fr.sections.1')).toBeUndefined();
  });

  it('refuses markup a writer types, with the contract’s own message', () => {
    const form = formOf(draft().content);
    if (form.fr) {
      form.fr.title = '<script>alert(1)</script>';
    }
    const errors = errorsOf(ZLessonContent.safeParse(contentOf(form)).error?.issues ?? []);
    expect(errors['fr.title']).toBe('lessons.validation.markup');
  });

  it('moves a part up or down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(splitLines(' a \n\nb')).toEqual(['a', 'b']);
  });
});
