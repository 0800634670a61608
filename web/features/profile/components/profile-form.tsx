// The profile edit form the spec leaves out: farmer profile and enhanced profile, saved together.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TEnhancedProfile, TProfileResponse } from '../../../../contract/users';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateProfile } from '../api/update-profile';
import type { ZProfileForm } from './profile-form-schema';

interface Props {
  profile: TProfileResponse['profile'];
  enhanced: TEnhancedProfile;
  onDone: () => void;
}

type ProfileFormState = ReturnType<typeof useZodForm<typeof ZProfileForm>>;

// The validator (zod and the contract's schemas) loads when the form is first used, not with the screen.
const loadProfileForm = () => import('./profile-form-schema').then((m) => m.ZProfileForm);

export function ProfileForm({ profile, enhanced, onDone }: Props) {
  const { t } = useTranslation(['profile', 'users']);
  const { form, submit, showContact, setShowContact, pending } = useProfileForm({
    profile,
    enhanced,
    onDone,
  });
  return (
    <Card className="lg:col-span-3">
      <CardHeader>
        <CardTitle>{t('editTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <FarmerProfileFields form={form} />
          <EnhancedProfileFields form={form} />
          <ShowContactField checked={showContact} onChange={setShowContact} />
          <div className="flex gap-2 md:col-span-2">
            <Button type="submit" disabled={pending}>
              {t('save')}
            </Button>
            <Button variant="secondary" onClick={onDone}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The form's text values from both profiles, and a submit saving them together. */
function useProfileForm({ profile, enhanced, onDone }: Props) {
  // The users namespace holds the validation messages the fields show.
  const { t } = useTranslation(['profile', 'users']);
  const update = useUpdateProfile();
  const [showContact, setShowContact] = useState(enhanced.showContact);
  const form = useZodForm(
    loadProfileForm,
    {
      bio: profile.bio ?? '',
      farmingExperience: profile.farmingExperience === null ? '' : String(profile.farmingExperience),
      preferredCrops: profile.preferredCrops.join(', '),
      region: enhanced.region ?? '',
      country: enhanced.country ?? '',
      farmTypes: enhanced.farmTypes.join(', '),
      certifications: enhanced.certifications.join(', '),
      languagesSpoken: enhanced.languagesSpoken.join(', '),
    },
    { idPrefix: 'profile-' },
  );

  const submit = form.handleSubmit((data) =>
    mutateThen(
      update,
      {
        profile: {
          bio: data.bio,
          farmingExperience: data.farmingExperience,
          preferredCrops: data.preferredCrops,
        },
        enhanced: {
          region: data.region,
          country: data.country,
          farmTypes: data.farmTypes,
          certifications: data.certifications,
          languagesSpoken: data.languagesSpoken,
          showContact,
        },
      },
      {
        onSuccess: (result) => {
          if (!isQueued(result)) {
            toast({ title: t('common:success'), description: t('saved') });
          }
          onDone();
        },
        onError: (error) => toastError(t('common:error'), error),
      },
    ),
  );
  return { form, submit, showContact, setShowContact, pending: update.isPending };
}

/** The farmer profile: bio, experience and preferred crops. */
function FarmerProfileFields({ form }: { form: ProfileFormState }) {
  const { t } = useTranslation(['profile', 'users']);
  return (
    <>
      <div className="md:col-span-2">
        <Field id="profile-bio" label={t('bio')} error={form.errors.bio} hint={t('bioHint')}>
          <Textarea rows={4} maxLength={1000} {...form.field('bio')} />
        </Field>
      </div>
      <Field
        id="profile-farmingExperience"
        label={t('experienceLabel')}
        error={form.errors.farmingExperience}
      >
        <Input inputMode="numeric" {...form.field('farmingExperience')} />
      </Field>
      <Field
        id="profile-preferredCrops"
        label={t('cropsLabel')}
        error={form.errors.preferredCrops}
        hint={t('listHint')}
      >
        <Input placeholder={t('cropsPlaceholder')} {...form.field('preferredCrops')} />
      </Field>
    </>
  );
}

/** The enhanced profile: where the farm is, what it grows and holds, the languages spoken. */
function EnhancedProfileFields({ form }: { form: ProfileFormState }) {
  const { t } = useTranslation(['profile', 'users']);
  return (
    <>
      <Field id="profile-region" label={t('region')} error={form.errors.region}>
        <Input {...form.field('region')} />
      </Field>
      <Field id="profile-country" label={t('country')} error={form.errors.country}>
        <Input autoComplete="country-name" {...form.field('country')} />
      </Field>
      <Field id="profile-farmTypes" label={t('farmTypes')} error={form.errors.farmTypes} hint={t('listHint')}>
        <Input {...form.field('farmTypes')} />
      </Field>
      <Field
        id="profile-certifications"
        label={t('certifications')}
        error={form.errors.certifications}
        hint={t('listHint')}
      >
        <Input {...form.field('certifications')} />
      </Field>
      <Field
        id="profile-languagesSpoken"
        label={t('languagesSpoken')}
        error={form.errors.languagesSpoken}
        hint={t('listHint')}
      >
        <Input {...form.field('languagesSpoken')} />
      </Field>
    </>
  );
}

function ShowContactField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation(['profile', 'users']);
  return (
    <div className="flex items-start gap-2 self-end pb-2">
      <input
        id="profile-showContact"
        type="checkbox"
        className="mt-1 h-4 w-4 accent-brand-800"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor="profile-showContact" className="text-sm text-stone-800">
        {t('showContact')}
        <span className="block text-xs text-stone-600">{t('showContactHint')}</span>
      </label>
    </div>
  );
}
