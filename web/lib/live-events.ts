// Which cached queries each live event makes stale, by the roots their query keys start with.
import type { QueryKey } from '@tanstack/react-query';
import type { TLiveEvent } from '../../contract/events';
import { queryRoots } from './query-keys';

const {
  users,
  dashboard,
  commodities,
  market,
  bids,
  commodityRequests,
  posts,
  connections,
  farms,
  profile,
  orders,
  agentLinks,
  commissions,
  operations,
  notifications,
  ratings,
  crops,
  stock,
  weather,
  agreements,
  calendar,
  groups,
  lessons,
} = queryRoots;

export const EVENT_QUERY_ROOTS: Record<TLiveEvent['type'], readonly QueryKey[]> = {
  user: [users, dashboard],
  // A listing drawn on a lot reserves from it (and frees it when withdrawn).
  commodity: [commodities, market, dashboard, stock],
  bid: [bids, market, commodities, dashboard],
  market: [market],
  // A trade from a lot sells out of it.
  trade: [market, commodities, bids, dashboard, profile, farms, orders, operations, stock],
  commodity_request: [commodityRequests],
  post: [posts],
  comment: [posts],
  reaction: [posts],
  connection: [connections],
  // A farm's location places it in a weather cell.
  farm: [farms, dashboard, weather],
  sensor_data: [farms],
  // A stored pest analysis may add a spray task.
  analytics: [farms, crops],
  // A plan's money is the farm's books.
  transaction: [farms, crops],
  sale: [farms, crops],
  report: [farms],
  achievement: [profile],
  // An order's payments and refunds are booked on the seller's farm; its completion pays the agent; its
  // cancellation returns its quantity to the lot.
  order: [orders, dashboard, farms, commissions, operations, stock],
  agent_link: [agentLinks, commissions],
  // A rating moves its subject's aggregate on listing cards, bid lines and profiles.
  rating: [ratings, commodities, bids],
  // A harvest's stored part becomes a lot; a plan's crop and stage decide its water need and weather alerts.
  crops: [crops, stock, weather],
  // A lot's listing shows where it is kept and how dry.
  stock: [stock, commodities],
  notification: [notifications],
  // A farm's weather was refreshed: its forecast, rain totals and alerts.
  weather: [weather],
  // A delivery under an agreement is an order, booked on the seller's farm; the Futures tab is under its root.
  agreement: [agreements, orders, farms],
  // An event was announced, changed or cancelled, or its answers or check-ins moved.
  calendar: [calendar],
  group_feed: [groups],
  // A group's members see its events on the calendar.
  group: [groups, calendar],
  lesson: [lessons],
  books: [operations],
};
