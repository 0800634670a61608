// What the notifications card edits: each type's channels, saved or changed on screen, and what a save sends.
import type {
  NotificationType,
  PhoneChannel,
  TChannelChoice,
  TNotificationPreferences,
  TPhoneStatus,
} from '../../../contract/notifications';

export type TypeChoices = TNotificationPreferences['types'];
export type ChoiceEdits = Partial<Record<NotificationType, TChannelChoice>>;
/** What a save sends: per type, only the channels changed (the others keep following the defaults). */
export type ChoiceChanges = Partial<Record<NotificationType, Partial<TChannelChoice>>>;

const CHANNELS = ['inApp', 'sms', 'whatsapp'] as const;

/**
 * The channels edited away from those saved, per type: a save sends only these, so a phone channel the user never
 * touched (say, before their number was proven) keeps its default.
 */
export function changedTypes(saved: TypeChoices, edits: ChoiceEdits): ChoiceChanges {
  const out: ChoiceChanges = {};
  for (const [type, choice] of Object.entries(edits) as [NotificationType, TChannelChoice][]) {
    const changed = CHANNELS.filter((channel) => choice[channel] !== saved[type][channel]);
    if (changed.length > 0) {
      out[type] = Object.fromEntries(changed.map((channel) => [channel, choice[channel]]));
    }
  }
  return out;
}

/** Why a phone channel cannot carry messages now ('off' on this server, no proven number), or null when it can. */
export function channelBlock(
  phone: TPhoneStatus | undefined,
  channel: PhoneChannel,
): 'off' | 'not_verified' | null {
  const state = phone?.channels.find((c) => c.channel === channel)?.state ?? 'off';
  return state === 'connected' ? null : state;
}
