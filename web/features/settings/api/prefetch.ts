// The settings screen's data, asked for at start-up while its code and texts load (one round trip less on a phone).
import type { QueryClient } from '@tanstack/react-query';
import { phoneStatusQuery } from '../../../lib/queries/phone-status';
import { notificationPreferencesQuery } from './get-notification-preferences';

export function prefetchSettings(client: QueryClient): void {
  void client.prefetchQuery(phoneStatusQuery());
  void client.prefetchQuery(notificationPreferencesQuery());
}
