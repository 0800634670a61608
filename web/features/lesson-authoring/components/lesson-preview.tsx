// What a reader will see of one language of the lesson being written: title, summary, the three key steps and the
// body. Drawn from the form as typed, as React text (never markup), so the writer sees their words exactly.
import { useTranslation } from 'react-i18next';
import { type SectionForm, splitLines, type TextForm } from '../draft-form';

const HEADING = 'text-base font-semibold text-stone-900';

function PreviewSection({ section }: { section: SectionForm }) {
  const { t } = useTranslation('lessons');
  if (section.kind === 'do_dont') {
    const boxes = [
      { key: 'do', items: splitLines(section.do), look: 'border-green-300 bg-green-50', mark: '✓' },
      { key: 'dont', items: splitLines(section.dont), look: 'border-red-300 bg-red-50', mark: '✗' },
    ] as const;
    return (
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {boxes.map(({ key, items, look, mark }) => (
          <div key={key} className={`rounded-md border p-2 ${look}`}>
            <p className="font-semibold text-stone-900">{t(`lesson.${key}`)}</p>
            <ul className="text-stone-800">
              {items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines typed in one box have no id.
                <li key={i}>
                  <span aria-hidden>{mark}</span> {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      {section.heading.trim() ? <p className={HEADING}>{section.heading}</p> : null}
      {section.kind === 'text' ? (
        <p className="whitespace-pre-line text-stone-800">{section.text}</p>
      ) : (
        <ol className="list-decimal pl-6 text-stone-800">
          {splitLines(section.steps).map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines typed in one box have no id.
            <li key={i}>{step}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function LessonPreview({ text, language }: { text: TextForm; language: string }) {
  const { t } = useTranslation('lessons');
  return (
    <article lang={language} className="flex flex-col gap-3 text-sm" data-testid="lesson-preview">
      <p className="text-lg font-bold text-stone-900">{text.title}</p>
      <p className="text-stone-700">{text.summary}</p>
      <div className="rounded-md border border-brand-200 bg-brand-50 p-2">
        <p className={HEADING}>{t('lesson.keySteps')}</p>
        <ol className="list-decimal pl-6 text-stone-800">
          {text.keySteps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the three key steps are fixed places.
            <li key={i}>{step}</li>
          ))}
        </ol>
      </div>
      {text.sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is the lesson's.
        <PreviewSection key={i} section={section} />
      ))}
    </article>
  );
}
