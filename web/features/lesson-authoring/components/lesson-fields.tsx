// What the lesson is about, in either language: its address (set once, when it is created), topic, crops, stages
// and reading time; and the sources its facts come from (publisher, title, year, address), added and removed.
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { STAGE_KEYS } from '../../../../contract/crop-plans-constants';
import { CROP_KEYS } from '../../../../contract/crops-constants';
import { LESSON_TOPICS, type LessonTopic } from '../../../../contract/lessons-constants';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { emptySource, type FormErrors, type LessonForm, type SourceForm } from '../draft-form';
import { AUTHORING_NS } from '../namespaces';
import { CheckGroup, FormMessage, TextControl } from './form-controls';

interface FieldsProps {
  form: LessonForm;
  errors: FormErrors;
  onChange: (form: LessonForm) => void;
  /** A new lesson: its address can be typed. */
  isNew: boolean;
}

export function AboutFields({ form, errors, onChange, isNew }: FieldsProps) {
  const { t } = useTranslation(AUTHORING_NS);
  return (
    <section aria-labelledby="lesson-about" className="flex flex-col gap-3">
      <h2 id="lesson-about" className="text-lg font-semibold text-stone-900">
        {t('editor.about')}
      </h2>
      {isNew ? (
        <TextControl
          id="lesson-slug"
          label={t('editor.slug')}
          hint={t('editor.slugHint')}
          value={form.slug}
          error={errors.slug}
          onChange={(slug) => onChange({ ...form, slug })}
        />
      ) : null}
      <Field id="lesson-topic" label={t('editor.topic')} error={errors.topic}>
        <Select
          id="lesson-topic"
          value={form.topic}
          onChange={(event) => onChange({ ...form, topic: event.target.value as LessonTopic })}
        >
          {LESSON_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`lessons:topics.${topic}`)}
            </option>
          ))}
        </Select>
      </Field>
      <CheckGroup
        legend={t('editor.crops')}
        hint={t('editor.cropsHint')}
        options={CROP_KEYS.map((key) => ({ key, label: t(`agronomy:crop.${key}`) }))}
        chosen={form.crops}
        onChange={(crops) => onChange({ ...form, crops })}
      />
      <FormMessage message={errors.crops} />
      <CheckGroup
        legend={t('editor.stages')}
        hint={t('editor.stagesHint')}
        options={STAGE_KEYS.map((key) => ({ key, label: t(`stages.${key}`) }))}
        chosen={form.stages}
        onChange={(stages) => onChange({ ...form, stages })}
      />
      <TextControl
        id="lesson-minutes"
        label={t('editor.minutes')}
        inputMode="numeric"
        value={form.readingMinutes}
        error={errors.readingMinutes}
        onChange={(readingMinutes) => onChange({ ...form, readingMinutes })}
      />
    </section>
  );
}

function SourceFields({
  source,
  index,
  errors,
  onChange,
  onRemove,
}: {
  source: SourceForm;
  index: number;
  errors: FormErrors;
  onChange: (source: SourceForm) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation('lesson-authoring');
  const number = index + 1;
  const control = (name: keyof SourceForm, label: string, inputMode?: 'numeric' | 'url') => (
    <TextControl
      id={`source-${index}-${name}`}
      label={label}
      value={source[name]}
      error={errors[`sources.${index}.${name}`]}
      onChange={(value) => onChange({ ...source, [name]: value })}
      {...(inputMode ? { inputMode } : {})}
    />
  );
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-stone-200 bg-stone-50 p-3">
      <legend className="sr-only">{t('editor.source', { number })}</legend>
      <div className="flex items-center justify-between">
        <p aria-hidden className="text-sm font-semibold text-stone-800">
          {t('editor.source', { number })}
        </p>
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('editor.removeSource', { number })}
            onClick={onRemove}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
      {control('publisher', t('editor.publisher'))}
      {control('title', t('editor.sourceTitle'))}
      {control('year', t('editor.year'), 'numeric')}
      {control('url', t('editor.url'), 'url')}
    </fieldset>
  );
}

export function SourcesFields({ form, errors, onChange }: Omit<FieldsProps, 'isNew'>) {
  const { t } = useTranslation('lesson-authoring');
  const setSources = (sources: SourceForm[]) => onChange({ ...form, sources });
  return (
    <section aria-labelledby="lesson-sources" className="flex flex-col gap-3">
      <div>
        <h2 id="lesson-sources" className="text-lg font-semibold text-stone-900">
          {t('editor.sources')}
        </h2>
        <p className="text-sm text-stone-600">{t('editor.sourcesHint')}</p>
      </div>
      <FormMessage message={errors.sources} />
      {form.sources.map((source, index) => (
        <SourceFields
          // biome-ignore lint/suspicious/noArrayIndexKey: sources have no id; removing one redraws those after it.
          key={index}
          source={source}
          index={index}
          errors={errors}
          onChange={(next) => setSources(form.sources.map((s, i) => (i === index ? next : s)))}
          onRemove={
            form.sources.length > 1 ? () => setSources(form.sources.filter((_, i) => i !== index)) : null
          }
        />
      ))}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => setSources([...form.sources, emptySource()])}
      >
        {t('editor.addSource')}
      </Button>
    </section>
  );
}
