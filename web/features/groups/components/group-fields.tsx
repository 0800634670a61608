// The fields a group is described by, shared by "Create a group" and a group's settings: name, description, region,
// crops, who reads a discussion group's feed, and a co-operative's rule (levy, transport per ton and the grades'
// price differentials, in the local currency).
import { useTranslation } from 'react-i18next';
import { GROUP_VISIBILITIES, type GroupKind, MAX_LEVY_PERCENT } from '../../../../contract/groups';
import { GRADES } from '../../../../contract/marketplace-constants';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import type { FieldProps } from '../../../lib/use-zod-form';

/** The group forms' own namespace, and the marketplace's: the contract's messages for crop names. */
export const GROUP_FORM_NAMESPACES = ['groups', 'marketplace'];

type TextField =
  | 'name'
  | 'description'
  | 'region'
  | 'visibility'
  | 'crops'
  | 'levyPercent'
  | 'transportPerTon'
  | 'differentialA'
  | 'differentialB'
  | 'differentialC';

export interface GroupFieldsForm {
  field: (name: TextField) => FieldProps;
  errors: Partial<Record<TextField, string>>;
}

const DIFFERENTIAL_FIELD = { A: 'differentialA', B: 'differentialB', C: 'differentialC' } as const;

export function GroupFields({ form, kind }: { form: GroupFieldsForm; kind: GroupKind }) {
  const { t } = useTranslation(GROUP_FORM_NAMESPACES);
  const { errors } = form;
  return (
    <>
      <Field id={form.field('name').id} label={t('form.name')} error={errors.name}>
        <Input autoComplete="off" {...form.field('name')} />
      </Field>
      <Field id={form.field('description').id} label={t('form.description')} error={errors.description}>
        <Textarea className="min-h-20" {...form.field('description')} />
      </Field>
      <Field
        id={form.field('region').id}
        label={t('form.region')}
        error={errors.region}
        hint={t('form.regionHint')}
      >
        <Input autoComplete="off" {...form.field('region')} />
      </Field>
      <Field
        id={form.field('crops').id}
        label={t('form.crops')}
        error={errors.crops}
        hint={t('form.cropsHint')}
      >
        <Input autoComplete="off" {...form.field('crops')} />
      </Field>
      {kind === 'discussion' ? (
        <Field
          id={form.field('visibility').id}
          label={t('form.visibility')}
          error={errors.visibility}
          hint={t('form.visibilityHint')}
        >
          <Select {...form.field('visibility')}>
            {GROUP_VISIBILITIES.map((visibility) => (
              <option key={visibility} value={visibility}>
                {t(`visibility.${visibility}`)}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <RuleFields form={form} />
      )}
    </>
  );
}

function RuleFields({ form }: { form: GroupFieldsForm }) {
  const { t } = useTranslation(GROUP_FORM_NAMESPACES);
  const { errors } = form;
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('form.rules')}</legend>
      <p className="text-xs text-stone-600">{t('form.rulesHint')}</p>
      <Field
        id={form.field('levyPercent').id}
        label={t('form.levy')}
        error={errors.levyPercent}
        hint={t('form.levyHint', { max: MAX_LEVY_PERCENT })}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.field('levyPercent')} />
      </Field>
      <Field
        id={form.field('transportPerTon').id}
        label={t('form.transport')}
        error={errors.transportPerTon}
        hint={t('form.transportHint')}
      >
        <MoneyInput {...form.field('transportPerTon')} />
      </Field>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-stone-800">{t('form.differentials')}</p>
        <p className="text-xs text-stone-600">{t('form.differentialsHint')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {GRADES.map((grade) => {
          const name = DIFFERENTIAL_FIELD[grade];
          return (
            <Field
              key={grade}
              id={form.field(name).id}
              label={t('form.differential', { grade })}
              error={errors[name]}
            >
              {/* A differential may be below the price: the text keyboard has the minus sign. */}
              <MoneyInput inputMode="text" {...form.field(name)} />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
