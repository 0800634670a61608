// The first element of every query key, one per server module. Query factories build their keys on these, and a
// mutation or live event that touches another feature's data invalidates through them (features do not import
// each other), so a renamed key cannot silently miss.
export const queryRoots = {
  user: ['user'],
  users: ['users'],
  dashboard: ['dashboard'],
  commodities: ['commodities'],
  market: ['market'],
  bids: ['bids'],
  commodityRequests: ['commodity-requests'],
  posts: ['posts'],
  connections: ['connections'],
  networkOverview: ['network-overview'],
  farms: ['farms'],
  profile: ['profile'],
  orders: ['orders'],
  agentLinks: ['agent-links'],
  commissions: ['commissions'],
  operations: ['operations'],
  /** The managers' catalogue work: names no kind matches and requests to add a kind (the kinds are under `market`). */
  catalogue: ['catalogue'],
  notifications: ['notifications'],
  ratings: ['ratings'],
  /** What the user wants told by which channel, and quiet hours (not under `notifications`: reading those refetches it). */
  notificationPreferences: ['notification-preferences'],
  /** The user's proven phone number and the state of the SMS and WhatsApp channels. */
  phone: ['phone'],
  /** Plots, crop plans and their tasks (the crop management screen, the dashboard's tasks of the week). */
  crops: ['crops'],
  /** Stores, lots and their movements, the stock summary (the stock screen, the listing form, the finance memo). */
  stock: ['stock'],
  /** A co-operative's operations (intakes, bulk lots, credit, settlements, books, statements), keyed per group. */
  coop: ['coop'],
  /** Groups and co-operatives: the lists, one group, its members and its feed (the network's Groups tab, a group's page). */
  groups: ['groups'],
  /**
   * A farm's weather (forecast, rain, alerts): not under `farms`, so an hourly refresh does not refetch the farm's
   * analytics, nor an upload the weather.
   */
  weather: ['weather'],
  /** The Learning Center's published lessons (lists, one lesson) with the reader's progress in each. */
  lessons: ['lessons'],
  /** Forward agreements (lists, one agreement) and the Futures tab built from them. */
  agreements: ['agreements'],
  /** Events people meet at (the network's Events tab): the lists, one event, its attendees, the caller's feed address. */
  calendar: ['calendar'],
} as const;

/** One farm's data: the farm screen (analytics, devices) and the finance screen both key under it. */
export const farmKey = (farmId: number) => [...queryRoots.farms, farmId] as const;
