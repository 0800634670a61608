// The lesson's words, one tab per language (English, French): title, summary, the three key steps and the body,
// with a preview of what a reader will see. A language not written yet offers to start it; one may be removed
// while another remains.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { emptyText, errorAt, type FormErrors, LANGUAGES, type Language, type TextForm } from '../draft-form';
import { FormMessage, TextControl } from './form-controls';
import { LessonPreview } from './lesson-preview';
import { SectionsEditor } from './section-fields';

interface TextProps {
  language: Language;
  text: TextForm;
  errors: FormErrors;
  onChange: (text: TextForm) => void;
}

function TextFields({ language, text, errors, onChange }: TextProps) {
  const { t } = useTranslation('lesson-authoring');
  const setKeyStep = (index: number, value: string) => {
    const keySteps: TextForm['keySteps'] = [...text.keySteps];
    keySteps[index] = value;
    onChange({ ...text, keySteps });
  };
  return (
    <div className="flex flex-col gap-3">
      <TextControl
        id={`${language}-title`}
        label={t('editor.title')}
        value={text.title}
        error={errors[`${language}.title`]}
        onChange={(title) => onChange({ ...text, title })}
      />
      <TextControl
        id={`${language}-summary`}
        label={t('editor.summary')}
        multiline
        value={text.summary}
        error={errors[`${language}.summary`]}
        onChange={(summary) => onChange({ ...text, summary })}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-base font-semibold text-stone-900">{t('editor.keySteps')}</legend>
        <FormMessage message={errors[`${language}.keySteps`]} />
        {text.keySteps.map((step, index) => (
          <TextControl
            // biome-ignore lint/suspicious/noArrayIndexKey: the three key steps are fixed places.
            key={index}
            id={`${language}-key-step-${index}`}
            label={t('editor.keyStep', { number: index + 1 })}
            value={step}
            error={errorAt(errors, `${language}.keySteps.${index}`)}
            onChange={(value) => setKeyStep(index, value)}
          />
        ))}
      </fieldset>
      <SectionsEditor
        language={language}
        sections={text.sections}
        errors={errors}
        onChange={(sections) => onChange({ ...text, sections })}
      />
    </div>
  );
}

export function LanguageTabs({
  texts,
  saved,
  errors,
  onChange,
}: {
  texts: Record<Language, TextForm | null>;
  /** The languages the saved copy has: a save keeps them (it changes the parts it sends), so they stay. */
  saved: readonly Language[];
  errors: FormErrors;
  onChange: (language: Language, text: TextForm | null) => void;
}) {
  const { t, i18n } = useTranslation('lesson-authoring');
  const written = LANGUAGES.filter((language) => texts[language] !== null).length;
  return (
    <section aria-labelledby="lesson-languages" className="flex flex-col gap-2">
      <h2 id="lesson-languages" className="text-lg font-semibold text-stone-900">
        {t('editor.languages')}
      </h2>
      <Tabs defaultValue={i18n.language === 'en' ? 'en' : 'fr'}>
        <TabsList className="flex">
          {LANGUAGES.map((language) => (
            <TabsTrigger key={language} value={language} className="flex-1">
              {t(`editor.tabs.${language}`)}
              {errorAt(errors, language) ? <span aria-hidden> ⚠</span> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {LANGUAGES.map((language) => {
          const text = texts[language];
          const name = t(`editor.languageNames.${language}`);
          return (
            <TabsContent key={language} value={language} className="flex flex-col gap-3">
              {text === null ? (
                <>
                  <p className="text-sm text-stone-700">{t('editor.notWritten', { language: name })}</p>
                  <Button variant="secondary" onClick={() => onChange(language, emptyText())}>
                    {t('editor.startLanguage', { language: name })}
                  </Button>
                </>
              ) : (
                <>
                  <TextFields
                    language={language}
                    text={text}
                    errors={errors}
                    onChange={(next) => onChange(language, next)}
                  />
                  <details className="rounded-md border border-stone-200 p-3" open>
                    <summary className="min-h-11 cursor-pointer font-semibold text-stone-900">
                      {t('editor.preview')}
                    </summary>
                    <LessonPreview text={text} language={language} />
                  </details>
                  {written > 1 && !saved.includes(language) ? (
                    <Button variant="ghost" className="self-start" onClick={() => onChange(language, null)}>
                      {t('editor.removeLanguage', { language: name })}
                    </Button>
                  ) : null}
                </>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}
