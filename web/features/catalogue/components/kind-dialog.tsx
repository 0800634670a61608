// A manager creates or edits a commodity kind: its key, names in English and French, other names, grades and local
// units with their kilograms (a unit left without kilograms is named but not offered for quantities).
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCommodityKind } from '../../../../contract/commodity-kinds';
import { GRADES, type Grade } from '../../../../contract/marketplace-constants';
import { EntityDialog } from '../../../components/entity-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { translateMessage } from '../../../lib/i18n';
import { mutateThen } from '../../../lib/mutate-then';
import { toast, toastError } from '../../../lib/toast-store';
import { useCreateKind, useUpdateKind } from '../api/catalogue-mutations';
import {
  errorsByField,
  type KindDraft,
  kindBodyOf,
  kindDraftOf,
  newKindDraft,
  newUnitDraft,
  type UnitDraft,
} from '../kind-draft';

/** What the dialog is open on: a kind to edit, or a new kind (from a name a user typed, when there is one). */
export type KindTarget = { kind: TCommodityKind } | { name: string; requestId?: number } | null;

export function KindDialog({
  target,
  onClose,
  onCreated,
}: {
  target: KindTarget;
  onClose: () => void;
  /** A new kind was saved: the request it answers (if any) can be closed. */
  onCreated?: (requestId: number | undefined) => void;
}) {
  const { t } = useTranslation('catalogue');
  const editing = target !== null && 'kind' in target ? target.kind : null;
  return (
    <EntityDialog
      open={target !== null}
      onClose={onClose}
      size="lg"
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.newTitle')}
      description={t('form.description')}
    >
      {target === null ? null : 'kind' in target ? (
        <KindForm key={target.kind.key} editing={target.kind} onDone={onClose} />
      ) : (
        <KindForm
          key={`new-${target.name}`}
          editing={null}
          name={target.name}
          onDone={() => {
            onCreated?.(target.requestId);
            onClose();
          }}
        />
      )}
    </EntityDialog>
  );
}

const loadSchemas = () =>
  Promise.all([import('../../../../contract/commodity-kinds'), import('../../../lib/zod-messages')]);

function KindForm({
  editing,
  name = '',
  onDone,
}: {
  editing: TCommodityKind | null;
  name?: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('catalogue');
  const [draft, setDraft] = useState<KindDraft>(() =>
    editing ? kindDraftOf(editing, i18n.language) : newKindDraft(name),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateKind();
  const update = useUpdateKind();
  const pending = create.isPending || update.isPending;
  const set = (changes: Partial<KindDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const setUnit = (index: number, changes: Partial<UnitDraft>) =>
    setDraft((d) => ({ ...d, units: d.units.map((u, i) => (i === index ? { ...u, ...changes } : u)) }));

  const callbacks = (saved: string) => ({
    onSuccess: (kind: TCommodityKind) => {
      toast({ title: t('common:success'), description: t(saved, { name: kind.name }) });
      onDone();
    },
    onError: (error: Error) => toastError(t('common:error'), error),
  });

  const submit = async () => {
    const [{ ZKindInput, ZKindUpdate }] = await loadSchemas();
    const body = kindBodyOf(draft);
    const parsed = editing ? ZKindUpdate.safeParse(body) : ZKindInput.safeParse({ ...body, key: draft.key });
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error.issues));
      return;
    }
    setErrors({});
    if (editing) {
      mutateThen(update, { key: editing.key, changes: ZKindUpdate.parse(body) }, callbacks('form.updated'));
    } else {
      mutateThen(create, ZKindInput.parse({ ...body, key: draft.key }), callbacks('form.created'));
    }
  };

  const field = (id: string, value: string, onChange: (value: string) => void) => ({
    id: `kind-${id}`,
    value,
    'aria-invalid': errors[id] !== undefined,
    'aria-describedby': errors[id] !== undefined ? `kind-${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {editing ? null : (
        <Field id="kind-key" label={t('form.key')} hint={t('form.keyHint')} error={errors.key}>
          <Input autoComplete="off" {...field('key', draft.key, (key) => set({ key }))} />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="kind-names.en" label={t('form.nameEn')} error={errors['names.en']}>
          <Input autoComplete="off" lang="en" {...field('names.en', draft.en, (en) => set({ en }))} />
        </Field>
        <Field id="kind-names.fr" label={t('form.nameFr')} error={errors['names.fr']}>
          <Input autoComplete="off" lang="fr" {...field('names.fr', draft.fr, (fr) => set({ fr }))} />
        </Field>
      </div>
      <Field
        id="kind-synonyms"
        label={t('form.synonyms')}
        hint={t('form.synonymsHint')}
        error={errors.synonyms}
      >
        <Input autoComplete="off" {...field('synonyms', draft.synonyms, (synonyms) => set({ synonyms }))} />
      </Field>
      <GradesField grades={draft.grades} error={errors.grades} onChange={(grades) => set({ grades })} />
      <UnitsFields
        units={draft.units}
        errors={errors}
        onChange={setUnit}
        onAdd={() => set({ units: [...draft.units, newUnitDraft()] })}
        onRemove={(index) => set({ units: draft.units.filter((_, i) => i !== index) })}
      />
      <Button type="submit" disabled={pending}>
        {editing ? t('form.save') : t('form.create')}
      </Button>
    </form>
  );
}

function GradesField({
  grades,
  error,
  onChange,
}: {
  grades: Grade[];
  error: string | undefined;
  onChange: (grades: Grade[]) => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <fieldset aria-describedby={error ? 'kind-grades-error' : undefined}>
      <legend className="text-sm font-medium text-stone-800">{t('form.grades')}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {GRADES.map((grade) => (
          <label
            key={grade}
            className="flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-stone-800 hover:bg-stone-50"
          >
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-800"
              checked={grades.includes(grade)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? GRADES.filter((g) => g === grade || grades.includes(g))
                    : grades.filter((g) => g !== grade),
                )
              }
            />
            {t('marketplace:grade', { grade })}
          </label>
        ))}
      </div>
      <FieldError id="kind-grades-error" error={error} />
    </fieldset>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  return error ? (
    <p id={id} role="alert" className="text-sm text-red-700">
      {translateMessage(t, error)}
    </p>
  ) : null;
}

function UnitsFields({
  units,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  units: UnitDraft[];
  errors: Record<string, string>;
  onChange: (index: number, changes: Partial<UnitDraft>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('catalogue');
  /** The unit's name in the reader's language, as typed so far. */
  const nameOf = (unit: UnitDraft) =>
    (i18n.language === 'fr' ? unit.fr || unit.en : unit.en || unit.fr) || t('form.thisUnit');
  const input = (index: number, name: keyof UnitDraft, path: string) => {
    const id = `kind-units.${index}.${path}`;
    const error = errors[`units.${index}.${path}`];
    return {
      id,
      value: units[index]?.[name] ?? '',
      autoComplete: 'off',
      'aria-invalid': error !== undefined,
      'aria-describedby': error !== undefined ? `${id}-error` : undefined,
      onChange: (event: { target: { value: string } }) => onChange(index, { [name]: event.target.value }),
    };
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-stone-800">{t('form.units')}</legend>
      <p className="text-xs text-stone-600">{t('form.unitsHint')}</p>
      {units.map((unit, index) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: a unit being typed has no key of its own yet
          key={index}
          className="grid grid-cols-2 gap-3 rounded-md border border-stone-200 p-3"
        >
          <legend className="sr-only">{nameOf(unit)}</legend>
          <Field
            id={`kind-units.${index}.names.en`}
            label={t('form.unitNameEn')}
            error={errors[`units.${index}.names.en`]}
          >
            <Input lang="en" {...input(index, 'en', 'names.en')} />
          </Field>
          <Field
            id={`kind-units.${index}.names.fr`}
            label={t('form.unitNameFr')}
            error={errors[`units.${index}.names.fr`]}
          >
            <Input lang="fr" {...input(index, 'fr', 'names.fr')} />
          </Field>
          <Field id={`kind-units.${index}.kg`} label={t('form.unitKg')} error={errors[`units.${index}.kg`]}>
            <Input inputMode="decimal" placeholder={t('form.notWeighed')} {...input(index, 'kg', 'kg')} />
          </Field>
          <Field
            id={`kind-units.${index}.key`}
            label={t('form.unitKey')}
            error={errors[`units.${index}.key`]}
          >
            <Input {...input(index, 'key', 'key')} />
          </Field>
          <Button
            type="button"
            variant="ghost"
            className="col-span-2 justify-self-start"
            onClick={() => onRemove(index)}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('form.removeUnit', { name: nameOf(unit) })}
          </Button>
        </fieldset>
      ))}
      <FieldError id="kind-units-error" error={errors.units} />
      <Button type="button" variant="secondary" className="self-start" onClick={onAdd}>
        <Plus aria-hidden className="h-4 w-4" />
        {t('form.addUnit')}
      </Button>
    </fieldset>
  );
}
