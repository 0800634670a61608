// The lesson form and its actions: Save (creates the lesson, or saves the working copy) and, for its author,
// Submit for review (saving first what was changed). The contract's schema checks the whole lesson before anything
// is sent, and its messages show under the fields at fault; the server's refusals show the same way.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TLessonDraft } from '../../../../contract/lesson-authoring';
import type { TLessonContent } from '../../../../contract/lessons';
import { Button } from '../../../components/ui/button';
import { ApiError, readableError } from '../../../lib/api-client';
import { useCreateLesson, useSaveLesson, useSubmitLesson } from '../../../lib/queries/lesson-authoring';
import { toast, toastError } from '../../../lib/toast-store';
import {
  contentOf,
  emptyForm,
  errorsOf,
  type FormErrors,
  formOf,
  LANGUAGES,
  type Language,
  type LessonForm,
} from '../draft-form';
import { FormMessage } from './form-controls';
import { LanguageTabs } from './language-fields';
import { AboutFields, SourcesFields } from './lesson-fields';

/**
 * The content, checked by the contract (its messages loaded first), or the messages by field. The schema (and zod)
 * loads at the first check, not with the screen.
 */
async function check(form: LessonForm): Promise<{ content: TLessonContent } | { errors: FormErrors }> {
  const [{ ZLessonContent }] = await Promise.all([
    import('../../../../contract/lessons'),
    import('../../../lib/zod-messages'),
  ]);
  const result = ZLessonContent.safeParse(contentOf(form));
  return result.success ? { content: result.data } : { errors: errorsOf(result.error.issues) };
}

/** The server's refusal of fields, by field; its message for the whole lesson otherwise. */
const serverErrors = (error: unknown): FormErrors =>
  error instanceof ApiError && error.issues.length > 0
    ? Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]))
    : {};

export function LessonEditor({ draft }: { draft: TLessonDraft | null }) {
  const { t, i18n } = useTranslation('lesson-authoring');
  const [, navigate] = useLocation();
  const [form, setForm] = useState(() =>
    draft ? formOf(draft.content) : emptyForm(i18n.language === 'en' ? 'en' : 'fr'),
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const slug = draft?.slug ?? form.slug;
  const create = useCreateLesson();
  const saveCopy = useSaveLesson(slug);
  const submit = useSubmitLesson(slug);
  const busy = create.isPending || saveCopy.isPending || submit.isPending;

  const change = (next: LessonForm) => {
    setForm(next);
    setDirty(true);
  };
  const setText = (language: Language, text: LessonForm[Language]) => change({ ...form, [language]: text });

  /** Saves the form; whether it was saved. */
  const save = async (): Promise<boolean> => {
    const checked = await check(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      toastError(t('editor.invalid'));
      return false;
    }
    setErrors({});
    try {
      if (draft === null) {
        await create.mutateAsync(checked.content);
        toast({ title: t('editor.created') });
        navigate(`/education/write/${checked.content.slug}`, { replace: true });
      } else {
        const { slug: _slug, ...patch } = checked.content;
        await saveCopy.mutateAsync(patch);
        toast({ title: t('editor.saved') });
      }
      setDirty(false);
      return true;
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(t('editor.saveFailed'), readableError(error));
      return false;
    }
  };

  const sendForReview = async () => {
    if (dirty && !(await save())) {
      return;
    }
    submit.mutateAsync(undefined).then(
      () => toast({ title: t('editor.submitted') }),
      (error: unknown) => toastError(t('editor.submitFailed'), readableError(error)),
    );
  };

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="lesson-editor"
    >
      <FormMessage message={errors['']} />
      <AboutFields form={form} errors={errors} onChange={change} isNew={draft === null} />
      <LanguageTabs
        texts={{ en: form.en, fr: form.fr }}
        saved={draft ? LANGUAGES.filter((language) => draft.content[language] !== undefined) : []}
        errors={errors}
        onChange={setText}
      />
      <SourcesFields form={form} errors={errors} onChange={change} />
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-2 border-t border-stone-200 bg-white/95 px-4 py-3">
        <Button type="submit" disabled={busy}>
          {saveCopy.isPending || create.isPending ? t('editor.saving') : t('editor.save')}
        </Button>
        {draft?.can.submit ? (
          <Button variant="secondary" disabled={busy} onClick={() => void sendForReview()}>
            {t('editor.submit')}
          </Button>
        ) : null}
        {dirty ? <span className="text-sm text-stone-600">{t('editor.unsaved')}</span> : null}
      </div>
    </form>
  );
}
