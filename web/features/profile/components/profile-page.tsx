// The profile screen (SPEC §2): profile, achievements and farming statistics cards, plus the edit form.
import { Award, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementRecord } from '../../../components/agreements/agreement-record';
import { UserRatings } from '../../../components/ratings/user-ratings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { isOnline } from '../../../lib/connectivity';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useEnhancedProfile } from '../api/get-enhanced-profile';
import { useProfile } from '../api/get-profile';
import { ProfileForm } from './profile-form';

/** Spec §2: opening the profile while offline says so (going offline later is announced by the app shell). */
function useOfflineNotice() {
  const { t } = useTranslation();
  useEffect(() => {
    if (!isOnline()) {
      toast({ title: t('offline.title'), description: t('offline.description') });
    }
  }, [t]);
}

export function ProfilePage() {
  const { t, i18n } = useTranslation(['profile', 'ratings']);
  const lng = i18n.language;
  const user = useUser().data ?? null;
  const profile = useProfile();
  const enhanced = useEnhancedProfile();
  const [editing, setEditing] = useState(false);
  useOfflineNotice();

  if (profile.isPending) {
    return <PageSpinner />;
  }
  if (profile.isError) {
    return (
      <>
        <PageHeader title={t('title')} />
        <p role="alert" className="text-sm text-red-700">
          {t('loadFailed')} ({queryErrorText(profile.error)})
        </p>
      </>
    );
  }
  const { profile: p, achievements } = profile.data;
  const place = [enhanced.data?.region, enhanced.data?.country].filter(Boolean).join(', ');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          editing || !enhanced.data ? null : (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="h-4 w-4" />
              {t('edit')}
            </Button>
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        {editing && enhanced.data ? (
          <ProfileForm profile={p} enhanced={enhanced.data} onDone={() => setEditing(false)} />
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>{t('profileCard')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            <div>
              <p className="text-lg font-semibold text-stone-900">{user?.username}</p>
              {user ? <p className="text-stone-600">{t(`common:roles.${user.role}`)}</p> : null}
              {place ? <p className="text-stone-600">{place}</p> : null}
            </div>
            <div>
              <h3 className="font-medium text-stone-800">{t('bio')}</h3>
              <p className={p.bio ? 'whitespace-pre-line text-stone-700' : 'text-stone-500 italic'}>
                {p.bio ?? t('bioPlaceholder')}
              </p>
            </div>
            <div>
              <h3 className="font-medium text-stone-800">{t('experience')}</h3>
              <p className="text-stone-700">
                {p.farmingExperience === null
                  ? t('notSet')
                  : t('years', {
                      count: p.farmingExperience,
                      formatted: formatNumber(p.farmingExperience, lng),
                    })}
              </p>
            </div>
            <div>
              <h3 className="font-medium text-stone-800">{t('preferredCrops')}</h3>
              {p.preferredCrops.length ? (
                <ul className="mt-1 flex flex-wrap gap-1">
                  {p.preferredCrops.map((crop) => (
                    <li key={crop}>
                      <Badge>{crop}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-stone-500 italic">{t('noCrops')}</p>
              )}
            </div>
          </CardContent>
        </Card>
        {user ? (
          <Card data-testid="profile-ratings">
            <CardHeader>
              <CardTitle>{t('ratings:title')}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <AgreementRecord userId={user.id} />
              <UserRatings userId={user.id} />
            </CardContent>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>{t('achievements')}</CardTitle>
          </CardHeader>
          <CardContent>
            {achievements.length ? (
              <ul className="flex flex-col gap-3">
                {achievements.map((a) => (
                  <li key={a.id} className="flex gap-3">
                    <Award aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" />
                    <div>
                      <p className="font-medium text-stone-900">{a.achievement.name}</p>
                      <p className="text-sm text-stone-700">{a.achievement.description}</p>
                      <p className="text-xs text-stone-600">
                        {t('earnedOn', { date: formatDate(a.earnedAt, lng) })}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-600">{t('noAchievements')}</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('statistics')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-stone-700">{t('totalSales')}</p>
            <p className="text-2xl font-bold text-stone-900">{formatMoney(p.totalSales, lng)}</p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
