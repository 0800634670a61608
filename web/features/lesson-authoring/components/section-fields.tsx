// The body of one language: its parts (a paragraph, numbered steps, a do / don't box), each movable up or down and
// removable, and buttons to add one of each kind. Lists are typed one item per line: simpler on a phone than a box
// per item.
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { emptySection, errorAt, type FormErrors, move, SECTION_KINDS, type SectionForm } from '../draft-form';
import { FormMessage, TextControl } from './form-controls';

interface SectionProps {
  section: SectionForm;
  id: string;
  path: string;
  errors: FormErrors;
  onChange: (section: SectionForm) => void;
}

function SectionBody({ section, id, path, errors, onChange }: SectionProps) {
  const { t } = useTranslation('lesson-authoring');
  if (section.kind === 'do_dont') {
    return (
      <>
        {(['do', 'dont'] as const).map((side) => (
          <TextControl
            key={side}
            id={`${id}-${side}`}
            label={t(`editor.${side}`)}
            multiline
            value={section[side]}
            error={errorAt(errors, `${path}.${side}`)}
            onChange={(value) => onChange({ ...section, [side]: value })}
          />
        ))}
      </>
    );
  }
  return (
    <>
      <TextControl
        id={`${id}-heading`}
        label={t('editor.heading')}
        value={section.heading}
        error={errorAt(errors, `${path}.heading`)}
        onChange={(heading) => onChange({ ...section, heading })}
      />
      {section.kind === 'text' ? (
        <TextControl
          id={`${id}-text`}
          label={t('editor.text')}
          multiline
          value={section.text}
          error={errorAt(errors, `${path}.text`)}
          onChange={(text) => onChange({ ...section, text })}
        />
      ) : (
        <TextControl
          id={`${id}-steps`}
          label={t('editor.steps')}
          multiline
          value={section.steps}
          error={errorAt(errors, `${path}.steps`)}
          onChange={(steps) => onChange({ ...section, steps })}
        />
      )}
    </>
  );
}

export function SectionsEditor({
  language,
  sections,
  errors,
  onChange,
}: {
  language: string;
  sections: SectionForm[];
  errors: FormErrors;
  onChange: (sections: SectionForm[]) => void;
}) {
  const { t } = useTranslation('lesson-authoring');
  const path = `${language}.sections`;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold text-stone-900">{t('editor.sections')}</legend>
      <FormMessage message={errors[path]} />
      {sections.map((section, index) => {
        const number = index + 1;
        const replace = (next: SectionForm) => onChange(sections.map((s, i) => (i === index ? next : s)));
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; moving one moves its fields with it.
            key={index}
            className="flex flex-col gap-2 rounded-md border border-stone-200 bg-stone-50 p-3"
            data-testid="section-editor"
          >
            <div className="flex flex-wrap items-center justify-between gap-1">
              <p className="text-sm font-semibold text-stone-800">
                {t('editor.section', { number, kind: t(`editor.kinds.${section.kind}`) })}
              </p>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('editor.moveUp', { number })}
                  disabled={index === 0}
                  onClick={() => onChange(move(sections, index, -1))}
                >
                  <ArrowUp aria-hidden className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('editor.moveDown', { number })}
                  disabled={index === sections.length - 1}
                  onClick={() => onChange(move(sections, index, 1))}
                >
                  <ArrowDown aria-hidden className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('editor.removeSection', { number })}
                  onClick={() => onChange(sections.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </div>
            </div>
            <SectionBody
              section={section}
              id={`${language}-section-${index}`}
              path={`${path}.${index}`}
              errors={errors}
              onChange={replace}
            />
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        {SECTION_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            size="sm"
            onClick={() => onChange([...sections, emptySection(kind)])}
          >
            {t('editor.addSection', { kind: t(`editor.kinds.${kind}`) })}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
