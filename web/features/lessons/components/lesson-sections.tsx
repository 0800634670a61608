// A lesson's body as the contract writes it: paragraphs, numbered steps and "do / don't" boxes, each drawn as React
// text (never as markup: whatever a lesson's author typed shows as the characters typed), the sentence "Listen" says
// highlighted in place.
import { useTranslation } from 'react-i18next';
import type { TLessonSection } from '../../../../contract/lessons';
import { Spoken } from './spoken';

const HEADING = 'text-lg font-semibold text-stone-900';

function DoDont({ section, at }: { section: Extract<TLessonSection, { kind: 'do_dont' }>; at: string }) {
  const { t, i18n } = useTranslation('lessons');
  const boxes = [
    { key: 'do', items: section.do, look: 'border-green-300 bg-green-50', mark: '✓' },
    { key: 'dont', items: section.dont, look: 'border-red-300 bg-red-50', mark: '✗' },
  ] as const;
  return (
    // Side by side where there is room; stacked, "do" first, on a phone.
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="lesson-do-dont">
      {boxes.map(({ key, items, look, mark }) => (
        <div key={key} className={`rounded-md border p-3 ${look}`}>
          <h3 lang={i18n.language} className="mb-1 font-semibold text-stone-900">
            {t(`lesson.${key}`)}
          </h3>
          <ul className="flex flex-col gap-1 text-stone-800">
            {items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a lesson's lines never reorder on screen.
              <li key={i} className="flex gap-2">
                <span aria-hidden>{mark}</span>
                <span>
                  <Spoken part={`${at}.${key}.${i}`} text={item} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** `at`: the section's place (`s2`), naming its parts for "Listen" (speech-text.ts). */
function Section({ section, at }: { section: TLessonSection; at: string }) {
  if (section.kind === 'do_dont') {
    return <DoDont section={section} at={at} />;
  }
  return (
    <div className="flex flex-col gap-2">
      {section.heading ? (
        <h2 className={HEADING}>
          <Spoken part={`${at}.heading`} text={section.heading} />
        </h2>
      ) : null}
      {section.kind === 'text' ? (
        <p className="whitespace-pre-line text-stone-800">
          <Spoken part={`${at}.text`} text={section.text} />
        </p>
      ) : (
        <ol className="list-decimal space-y-1 pl-6 text-stone-800">
          {section.steps.map((step, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a lesson's steps never reorder on screen.
            <li key={i}>
              <Spoken part={`${at}.step.${i}`} text={step} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function LessonSections({ sections }: { sections: TLessonSection[] }) {
  return (
    <div className="flex flex-col gap-5" data-testid="lesson-body">
      {sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is the lesson's.
        <Section key={i} section={section} at={`s${i}`} />
      ))}
    </div>
  );
}
