// The notification types as the settings screen groups them, each type in exactly one group.
import type { NotificationType } from '../../../contract/notifications';

export const NOTIFICATION_GROUPS = [
  {
    id: 'marketplace',
    types: [
      'bid_received',
      'bid_outbid',
      'bid_accepted',
      'bid_rejected',
      'order_update',
      'order_refund',
      'payment_update',
      'delivery_assigned',
      'request_answered',
      'agent_link_requested',
      'saved_search_match',
      'price_alert',
      'kind_requested',
      'forward_agreement',
    ],
  },
  { id: 'farm', types: ['farm_alert', 'weather_alert', 'task_reminder', 'stock_receipt'] },
  {
    id: 'network',
    types: ['connection_requested', 'connection_accepted', 'post_comment', 'farm_membership', 'achievement'],
  },
  {
    id: 'groups',
    types: [
      'group_membership',
      'coop_intake',
      'coop_intake_reversed',
      'coop_statement',
      'coop_payout',
      'coop_broadcast',
      'event_invitation',
      'event_reminder',
      'event_changed',
    ],
  },
] as const satisfies readonly { id: string; types: readonly NotificationType[] }[];
