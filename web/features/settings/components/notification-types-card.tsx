// Which notifications go where: every type, grouped, with In app / SMS / WhatsApp; a save sends the changed types.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  NotificationType,
  PhoneChannel,
  TChannelChoice,
  TNotificationPreferences,
  TPhoneStatus,
} from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { usePhoneStatus } from '../api/get-phone-status';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { type ChoiceEdits, changedTypes, channelBlock } from '../channel-choices';
import { useResultToasts } from '../hooks/use-result-toasts';
import { NOTIFICATION_GROUPS } from '../notification-groups';
import { CHANNELS } from '../phone-number';
import { CardQueryState } from './card-query-state';

/** Why each phone channel cannot be chosen now, if it cannot. */
type Blocks = Record<PhoneChannel, 'off' | 'not_verified' | null>;

export function NotificationTypesCard() {
  const { t } = useTranslation('settings');
  const preferences = useNotificationPreferences();
  const phone = usePhoneStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('types.title')}</CardTitle>
        <CardDescription>{t('types.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <TypesForm saved={preferences.data.types} phone={phone.data} />
        ) : (
          <CardQueryState query={preferences} />
        )}
      </CardContent>
    </Card>
  );
}

function TypesForm({
  saved,
  phone,
}: {
  saved: TNotificationPreferences['types'];
  phone: TPhoneStatus | undefined;
}) {
  const { t } = useTranslation('settings');
  const update = useUpdateNotificationPreferences();
  const toasts = useResultToasts();
  const [edits, setEdits] = useState<ChoiceEdits>({});
  const changes = changedTypes(saved, edits);
  const count = Object.keys(changes).length;
  const blocks: Blocks = { sms: channelBlock(phone, 'sms'), whatsapp: channelBlock(phone, 'whatsapp') };
  const edit = (type: NotificationType, choice: TChannelChoice) =>
    setEdits((old) => ({ ...old, [type]: choice }));

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        mutateThen(
          update,
          { types: changes },
          {
            onSuccess: (result) => {
              setEdits({});
              if (!isQueued(result)) {
                toasts.done(t('saved'));
              }
            },
            onError: toasts.failed,
          },
        );
      }}
    >
      <BlockHints blocks={blocks} />
      {/* Held while saving: a box changed then would be cleared with the saved ones. */}
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        {NOTIFICATION_GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`types-${group.id}`} className="flex flex-col">
            <h3 id={`types-${group.id}`} className="text-sm font-semibold text-stone-900">
              {t(`types.groups.${group.id}`)}
            </h3>
            <div className="divide-y divide-stone-200">
              {group.types.map((type) => (
                <TypeRow
                  key={type}
                  type={type}
                  choice={edits[type] ?? saved[type]}
                  blocks={blocks}
                  onChange={(choice) => edit(type, choice)}
                />
              ))}
            </div>
          </section>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="min-h-11" disabled={count === 0 || update.isPending}>
          {t('types.save')}
        </Button>
        <p className="text-sm text-stone-600" aria-live="polite">
          {count > 0 ? t('types.unsaved', { count }) : t('types.noChanges')}
        </p>
      </div>
    </form>
  );
}

/** Why the SMS or WhatsApp boxes cannot be ticked, said once for the whole list. */
function BlockHints({ blocks }: { blocks: Blocks }) {
  const { t } = useTranslation('settings');
  const blocked = CHANNELS.filter((channel) => blocks[channel] !== null);
  if (blocked.length === 0) {
    return null;
  }
  return (
    <ul className="flex flex-col gap-1 rounded-md border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">
      {blocked.map((channel) => (
        <li key={channel} id={`types-blocked-${channel}`}>
          {t(`types.blocked.${blocks[channel]}`, { channel: t(`channels.${channel}`) })}
        </li>
      ))}
    </ul>
  );
}

/**
 * One type: its name, then a box per channel in three columns that fit 360 px (each cell a 56 px tap target).
 * A phone channel that cannot carry messages shows unticked and disabled whatever is saved: what is shown is what
 * happens (the saved choice is kept, and sent back unchanged with the type's other boxes).
 */
function TypeRow({
  type,
  choice,
  blocks,
  onChange,
}: {
  type: NotificationType;
  choice: TChannelChoice;
  blocks: Blocks;
  onChange: (choice: TChannelChoice) => void;
}) {
  const { t } = useTranslation('settings');
  const boxes: { key: keyof TChannelChoice; blocked: boolean }[] = [
    { key: 'inApp', blocked: false },
    ...CHANNELS.map((channel) => ({ key: channel, blocked: blocks[channel] !== null })),
  ];
  const label = t(`types.labels.${type}`);
  // A fieldset names the boxes' group; its legend cannot be laid out beside them, so it is for screen readers only.
  return (
    <fieldset className="py-2">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <span aria-hidden className="text-sm text-stone-800">
          {label}
        </span>
        <div className="grid grid-cols-3 gap-1 sm:w-80 sm:shrink-0">
          {boxes.map(({ key, blocked }) => (
            <label
              key={key}
              className="flex min-h-14 min-w-0 cursor-pointer flex-col items-center justify-center gap-1 rounded-md px-1 text-center text-sm leading-tight text-stone-800 hover:bg-stone-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-stone-400"
            >
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-brand-800"
                checked={!blocked && choice[key]}
                disabled={blocked}
                aria-describedby={blocked ? `types-blocked-${key}` : undefined}
                onChange={(event) => onChange({ ...choice, [key]: event.target.checked })}
              />
              {t(`channels.${key}`)}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
