// The terms' fields, shared by a buyer's proposal and a seller's counter: crop and grade, quantity and tolerance,
// the pricing rule with its own fields, the delivery window and place, the deposit (with what it comes to) and an
// optional input advance.
import { useTranslation } from 'react-i18next';
import { CROP_KEYS } from '../../../../contract/crops-constants';
import {
  AGREEMENT_DEPOSIT_MAX,
  AGREEMENT_TOLERANCE_MAX,
} from '../../../../contract/forward-agreements-constants';
import { GRADES } from '../../../../contract/marketplace-constants';
import { centsToDecimal } from '../../../../contract/money';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatMoney } from '../../../lib/format';
import type { useZodForm } from '../../../lib/use-zod-form';
import { depositCents } from '../terms-form';
import type { termsForm } from '../terms-form-schema';

export type TermsFormState = ReturnType<typeof useZodForm<ReturnType<typeof termsForm>>>;

/** The contract's errors on the nested parts (the pricing rule, the advance) are named by the part. */
const partError = (form: TermsFormState, part: 'pricing' | 'inputAdvance') =>
  (form.errors as Partial<Record<string, string>>)[part];

function PricingFields({ form, prefix }: { form: TermsFormState; prefix: string }) {
  const { t } = useTranslation('agreements');
  const floor = form.values.pricingKind === 'floor';
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('form.pricing')}</legend>
      <Field id={`${prefix}pricingKind`} label={t('form.pricingKind')} error={form.errors.pricingKind}>
        <Select {...form.field('pricingKind')}>
          <option value="fixed">{t('form.kindFixed')}</option>
          <option value="floor">{t('form.kindFloor')}</option>
        </Select>
      </Field>
      {floor ? (
        <>
          <Field
            id={`${prefix}floor`}
            label={t('form.floor')}
            error={partError(form, 'pricing')}
            hint={t('form.floorHint')}
          >
            <MoneyInput {...form.field('floor')} />
          </Field>
          <Field id={`${prefix}sharePercent`} label={t('form.share')} hint={t('form.shareHint')}>
            <Input inputMode="numeric" {...form.field('sharePercent')} />
          </Field>
        </>
      ) : (
        <Field id={`${prefix}price`} label={t('form.price')} error={partError(form, 'pricing')}>
          <MoneyInput {...form.field('price')} />
        </Field>
      )}
    </fieldset>
  );
}

function DepositFields({ form, prefix }: { form: TermsFormState; prefix: string }) {
  const { t, i18n } = useTranslation('agreements');
  const deposit = depositCents(form.values);
  return (
    <>
      <Field
        id={`${prefix}depositPercent`}
        label={t('form.depositPercent', { max: AGREEMENT_DEPOSIT_MAX })}
        error={form.errors.depositPercent}
      >
        <Input inputMode="numeric" {...form.field('depositPercent')} />
      </Field>
      <p data-testid="deposit-preview" aria-live="polite" className="text-sm font-medium text-stone-900">
        {deposit === null
          ? t('form.depositPending')
          : t('form.depositComesTo', { amount: formatMoney(centsToDecimal(deposit), i18n.language) })}
      </p>
      <fieldset className="flex flex-col gap-3 rounded-md border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-800">{t('form.advance')}</legend>
        <p className="text-xs text-stone-600">{t('form.advanceHint')}</p>
        <Field
          id={`${prefix}advanceAmount`}
          label={t('form.advanceAmount')}
          error={partError(form, 'inputAdvance')}
        >
          <MoneyInput {...form.field('advanceAmount')} />
        </Field>
        <Field id={`${prefix}advanceNote`} label={t('form.advanceNote')}>
          <Input maxLength={200} {...form.field('advanceNote')} />
        </Field>
      </fieldset>
    </>
  );
}

export function TermsFields({ form, prefix }: { form: TermsFormState; prefix: string }) {
  const { t } = useTranslation(['agreements', 'agronomy']);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${prefix}crop`} label={t('form.crop')} error={form.errors.crop}>
          <Select {...form.field('crop')}>
            {CROP_KEYS.map((crop) => (
              <option key={crop} value={crop}>
                {t(`agronomy:crop.${crop}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${prefix}grade`} label={t('form.grade')} error={form.errors.grade}>
          <Select {...form.field('grade')}>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${prefix}quantity`} label={t('form.quantity')} error={form.errors.quantity}>
          <Input inputMode="decimal" autoComplete="off" {...form.field('quantity')} />
        </Field>
        <Field
          id={`${prefix}tolerancePercent`}
          label={t('form.tolerance', { max: AGREEMENT_TOLERANCE_MAX })}
          error={form.errors.tolerancePercent}
          hint={t('form.toleranceHint')}
        >
          <Input inputMode="numeric" {...form.field('tolerancePercent')} />
        </Field>
      </div>
      <PricingFields form={form} prefix={prefix} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${prefix}deliveryFrom`} label={t('form.windowFrom')} error={form.errors.deliveryFrom}>
          <Input type="date" {...form.field('deliveryFrom')} />
        </Field>
        <Field id={`${prefix}deliveryTo`} label={t('form.windowTo')} error={form.errors.deliveryTo}>
          <Input type="date" {...form.field('deliveryTo')} />
        </Field>
      </div>
      <Field
        id={`${prefix}place`}
        label={t('form.place')}
        error={form.errors.place}
        hint={t('form.placeHint')}
      >
        <Input maxLength={120} {...form.field('place')} />
      </Field>
      <DepositFields form={form} prefix={prefix} />
    </>
  );
}
