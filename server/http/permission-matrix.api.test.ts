// Walks every /api route with every platform role (and every farm-member role on farm routes) against one table.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGroup, TIntake } from '../../contract/groups';
import type { TCommodity } from '../../contract/marketplace';
import type { TPost } from '../../contract/network';
import type { TOrder } from '../../contract/orders';
import type { TStore } from '../../contract/stock';
import { completeOrder, disputedOrder, soldOrder } from '../test/completed-order';
import { orderOf, proveNumber, workQueue } from '../test/escrow-flow';
import { createFarm, userWithRole } from '../test/factories';
import { coopSale } from '../test/groups';
import {
  call,
  createTestApp,
  nextIp,
  registerUser,
  type Session,
  sessionCookie,
  type TestApp,
} from '../test/harness';
import { tinyPng } from '../test/images';
import {
  momoEnv,
  orangeEnv,
  type PaymentsStandIn,
  STAND_IN_CALLBACK_KEY,
  startPaymentsStandIn,
} from '../test/payments-stand-in';
import { apiRoutes } from './access';

const PLATFORM = ['anonymous', 'farmer', 'buyer', 'agent', 'delivery', 'manager'] as const;
const FARM_ROLES = ['farmManager', 'farmWorker', 'farmViewer', 'nonMember'] as const;
type Platform = (typeof PLATFORM)[number];
type Who = Platform | (typeof FARM_ROLES)[number];
/** ok: 2xx; allowed: neither 401, 403 nor 404 nor 5xx (the resource may already be used up); else the exact status. */
type Expect = 'ok' | 'allowed' | 401 | 403 | 404;

interface Fixtures {
  sessions: Record<Exclude<Who, 'anonymous'>, Session & { password: string }>;
  farmId: number;
  listingId: number;
  bidToReject: number;
  requestId: number;
  posts: { forAuthor: number; forModerator: number; forReplies: number };
  comments: { forAuthor: number; forModerator: number };
  connectionToAnswer: number;
  connections: { forAsker: number; forAsked: number };
  savedSearchId: number;
  kindRequestId: number;
  priceAlertId: number;
  devices: { forOwner: number; forManager: number };
  deviceKey: string;
  transactions: { forOwner: number; forManager: number };
  reportId: number;
  roleTarget: number;
  connectTargets: Record<string, number>;
  memberTarget: number;
  /** A farm worker only the owner may remove (the other farm roles are asked to and refused first). */
  removableMember: number;
  /** Orders of the farmer's sales to the buyer: one with the delivery user as driver, two without a delivery. */
  orders: { driven: number; toCancel: number; toArrange: number };
  deliveryId: number;
  /** A farmer the agent may ask to represent, a pending request to the fixture farmer, a link to end. */
  linkTarget: number;
  linkToAnswer: number;
  linkToEnd: number;
  /** A completed order between the fixture farmer and buyer, and the buyer's rating of it. */
  ratedOrder: number;
  ratingId: number;
  /** A photo of the seller's answer to a dispute between the fixture farmer and buyer. */
  disputePhoto: string;
  /** The address of a photo of one of the farmer's listings, and of one of their posts. */
  listingPhoto: string;
  postPhoto: string;
  /**
   * Mobile money: an order the buyer has not paid yet, the buyer's payment of another (into escrow), and its
   * release's payout to the farmer, who has no proven number, so it waits for a manager.
   */
  toPay: number;
  mobilePaymentId: number;
  waitingPayout: number;
  /**
   * Crops: a plot to edit and one to plan on, the farm's plan (its first, from the farm's crop), a plan to abandon per
   * caller who may, a task of the farm, and an expense to link to the plan.
   */
  crops: {
    plotId: number;
    cropPlotId: number;
    planId: number;
    toAbandon: Partial<Record<Who, number>>;
    taskId: number;
    expenseId: number;
  };
  /**
   * Stock: the farmer's home store and a lot in it with a photo, a keeper to name, one to remove per caller who may,
   * and the code of a receipt of the farmer's deposit in a manager's co-op store.
   */
  stock: {
    storeId: number;
    keeperTarget: number;
    toRemove: Partial<Record<Who, number>>;
    lotId: number;
    photoUrl: string;
    receiptCode: string;
  };
  /**
   * Groups: a co-operative the farmer administers, the agent keeps the store of and the buyer is a plain member of
   * (delivery and manager are not members; a manager reads every group's feed and members, manages none). A person
   * to invite, one who asked to join, members to change and remove, a post, intakes to reverse, and two sales of
   * its bulk lot, the first in a draft settlement whose members are paid in cash or by mobile money.
   */
  groups: {
    id: number;
    storeId: number;
    inviteTarget: number;
    requester: number;
    roleTarget: number;
    removable: number;
    postId: number;
    toReverse: Partial<Record<Who, number>>;
    orderToSettle: number;
    settlementId: number;
    /** A member whose payout went by mobile money (retrying it is refused: it did not fail). */
    paidMember: number;
  };
  /** Forward agreements the buyer proposed to the farmer: one waiting for the farmer, one to withdraw, one accepted. */
  agreements: { proposed: number; toWithdraw: number; accepted: number };
  /**
   * Events: a meeting of the farmer's co-operative starting in two hours (the agent keeps its store, the buyer is a
   * member; delivery is not), and the token of a calendar feed of another user.
   */
  calendar: { meetingId: number; feedToken: string };
}

interface Row {
  url: (f: Fixtures, who: Who) => string;
  body?: (f: Fixtures, who: Who) => unknown;
  headers?: (f: Fixtures) => Record<string, string>;
  /** Log the caller in again first: the route ends or rotates sessions. */
  freshSession?: boolean;
  /** The route ends the caller's other sessions: the fresh one becomes the caller's session. */
  endsOtherSessions?: boolean;
  /** Walk the farm roles too: a route that names a farm's resource by its own id (a crop plan, a task). */
  farmRoles?: boolean;
  expect: Partial<Record<Who, Expect>>;
}

/** A forward agreement's terms as a buyer proposes them (POST /api/forward-agreements). */
function agreementBody(sellerId: number) {
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    sellerId,
    crop: 'maize',
    grade: 'A',
    quantity: 5,
    tolerancePercent: 10,
    pricing: { kind: 'fixed', price: 200 },
    deliveryFrom: today,
    deliveryTo: later,
    place: 'Bafoussam',
    depositPercent: 20,
  };
}

/** A lesson as its writer sends it (POST /api/lessons). */
const lessonBody = (slug: string) => {
  const text = (title: string) => ({
    title,
    summary: `${title}, in short`,
    sections: [{ kind: 'steps', steps: ['Weed at two weeks', 'Weed again at five weeks'] }],
    keySteps: ['Weed early', 'Weed again', 'Keep rows clean'],
  });
  return {
    slug,
    topic: 'crops',
    crops: ['maize'],
    stages: [],
    readingMinutes: 2,
    sources: [{ publisher: 'IITA', title: 'Maize guide', year: 2019, url: 'https://www.iita.org/' }],
    en: text('Weeding maize'),
    fr: text('Désherber le maïs'),
  };
};

// Expectation builders. Every row still names its allowed roles by hand: the table is the specification.
const everyone = (e: Expect = 'ok'): Row['expect'] => Object.fromEntries(PLATFORM.map((w) => [w, e]));
const signedIn = (e: Expect = 'ok'): Row['expect'] => ({ ...everyone(e), anonymous: 401 });
function only(allowed: Partial<Record<Platform, Expect>>, others: Expect = 403): Row['expect'] {
  return { ...signedIn(others), ...allowed };
}
/** A farm route: owner is the platform farmer; platform roles other than farmer are non-members. */
function farm(allowed: Partial<Record<'farmer' | 'farmManager' | 'farmWorker' | 'farmViewer', Expect>>) {
  return {
    anonymous: 401,
    farmer: 403,
    farmManager: 403,
    farmWorker: 403,
    farmViewer: 403,
    buyer: 404,
    agent: 404,
    delivery: 404,
    manager: 404,
    nonMember: 404,
    ...allowed,
  } satisfies Row['expect'];
}
/** A crop route: as a farm route, and an agent who represents the owner acts for them (the link is active by then). */
const crops = (allowed: Parameters<typeof farm>[0]) =>
  ({ ...farm(allowed), agent: 'ok' }) satisfies Row['expect'];
const READ = { farmer: 'ok', farmManager: 'ok', farmWorker: 'ok', farmViewer: 'ok' } as const;
const WORK = { farmer: 'ok', farmManager: 'ok', farmWorker: 'ok' } as const;
const MANAGE = { farmer: 'ok', farmManager: 'ok' } as const;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);
const farmUrl =
  (tail = '') =>
  (f: Fixtures) =>
    `/api/farms/${f.farmId}${tail}`;
const fixed = (url: string) => () => url;
const reading = () => ({
  readings: [{ timestamp: daysAgo(1).toISOString(), type: 'temperature', value: 24 }],
});

/** A photo and its thumbnail as a phone sends them. */
/** A picture and its thumbnail; a seed makes another picture (each caller's own bytes). */
const photoPair = (seed = 0) => ({
  photo: tinyPng({ size: 16, ...(seed === 0 ? {} : { rgb: [(seed * 20) % 256, 80, 40] }) }).toString(
    'base64',
  ),
  thumb: tinyPng({ size: 4 }).toString('base64'),
});

/** A provider's reference no payment of ours has. */
const UNKNOWN_REFERENCE = '00000000-0000-4000-8000-000000000000';

const TABLE: Record<string, Row> = {
  'GET /api/config': { url: fixed('/api/config'), expect: everyone() },
  'GET /api/health': { url: fixed('/api/health'), expect: everyone() },
  'POST /api/register': {
    url: fixed('/api/register'),
    body: (_f, who) => ({ username: `new_${who}_${Date.now()}`, password: 'correct-horse-battery' }),
    expect: everyone(),
  },
  'POST /api/login': {
    url: fixed('/api/login'),
    body: (f) => ({
      username: f.sessions.farmViewer.user.username,
      password: f.sessions.farmViewer.password,
    }),
    freshSession: true,
    expect: everyone(),
  },
  // Public: the request answers the same for every account (the fixture has no proven number, so nothing is sent).
  'POST /api/password-reset/request': {
    url: fixed('/api/password-reset/request'),
    body: (f) => ({ account: f.sessions.farmViewer.user.username }),
    expect: everyone(),
  },
  // Public: a code never sent is refused (422) alike for everyone, never 401/403.
  'POST /api/password-reset/confirm': {
    url: fixed('/api/password-reset/confirm'),
    body: (f) => ({
      account: f.sessions.farmViewer.user.username,
      code: '123456',
      newPassword: 'correct-horse-battery',
    }),
    expect: everyone('allowed'),
  },
  'POST /api/logout': { url: fixed('/api/logout'), freshSession: true, expect: everyone() },
  'GET /api/user': { url: fixed('/api/user'), expect: signedIn() },
  'POST /api/user/password': {
    url: fixed('/api/user/password'),
    // The same password again: the answer is meaningful and the fixtures keep working.
    body: (f, who) => {
      const password = who === 'anonymous' ? 'x' : f.sessions[who].password;
      return { currentPassword: password, newPassword: password };
    },
    freshSession: true,
    endsOtherSessions: true,
    expect: signedIn(),
  },
  'PATCH /api/user/language': {
    url: fixed('/api/user/language'),
    body: () => ({ language: 'en' }),
    expect: signedIn(),
  },
  'GET /api/events': { url: fixed('/api/events'), expect: signedIn() },
  // Devices have no session: the device key is the credential (without it: 401, checked below).
  'POST /api/devices/sensor-data': {
    url: fixed('/api/devices/sensor-data'),
    headers: (f) => ({ authorization: `Bearer ${f.deviceKey}` }),
    body: reading,
    expect: everyone(),
  },

  // Farms and farm data.
  'GET /api/farms': { url: fixed('/api/farms'), expect: signedIn() },
  'POST /api/farms': {
    url: fixed('/api/farms'),
    body: () => ({
      name: 'Second farm',
      size: 1,
      latitude: 4,
      longitude: 9,
      elevation: 10,
      crop: 'maize',
      plantingDate: day(30),
    }),
    expect: only({ farmer: 'ok', manager: 'ok' }),
  },
  'GET /api/farms/:id': { url: farmUrl(), expect: farm(READ) },
  'PATCH /api/farms/:id': { url: farmUrl(), body: () => ({ name: 'Renamed farm' }), expect: farm(MANAGE) },
  'GET /api/farms/:id/members': { url: farmUrl('/members'), expect: farm(READ) },
  'POST /api/farms/:id/members': {
    url: farmUrl('/members'),
    body: (f) => ({ userId: f.memberTarget, role: 'viewer' }),
    expect: farm({ farmer: 'ok' }),
  },
  // Members may leave (their own id, tested in farm-members); here everyone names another member.
  'DELETE /api/farms/:id/members/:userId': {
    url: (f) => `/api/farms/${f.farmId}/members/${f.removableMember}`,
    expect: farm({ farmer: 'ok' }),
  },
  'POST /api/farms/:id/sensor-data': { url: farmUrl('/sensor-data'), body: reading, expect: farm(WORK) },
  'POST /api/farms/:id/sensor-data.csv': {
    url: farmUrl('/sensor-data.csv'),
    headers: () => ({ 'content-type': 'text/csv' }),
    body: () => `timestamp,type,value\n${daysAgo(2).toISOString()},humidity,60\n`,
    expect: farm(WORK),
  },
  'GET /api/farms/:id/sensor-data.csv': { url: farmUrl('/sensor-data.csv'), expect: farm(READ) },
  'GET /api/farms/:id/devices': { url: farmUrl('/devices'), expect: farm(MANAGE) },
  'POST /api/farms/:id/devices': {
    url: farmUrl('/devices'),
    body: () => ({ name: 'Station' }),
    expect: farm(MANAGE),
  },
  'DELETE /api/farms/:id/devices/:deviceId': {
    url: (f, who) =>
      `/api/farms/${f.farmId}/devices/${who === 'farmManager' ? f.devices.forManager : f.devices.forOwner}`,
    expect: farm(MANAGE),
  },
  'GET /api/farms/:id/surveys': { url: farmUrl('/surveys'), expect: farm(READ) },
  'POST /api/farms/:id/surveys': {
    url: farmUrl('/surveys'),
    body: () => ({ date: day(1) }),
    expect: farm(WORK),
  },
  'GET /api/farms/:id/analytics': { url: farmUrl('/analytics'), expect: farm(READ) },
  'GET /api/farms/:id/weather': { url: farmUrl('/weather'), expect: farm(READ) },
  'POST /api/farms/:id/analytics/generate': {
    url: farmUrl('/analytics/generate'),
    body: () => ({ type: 'pest_risk' }),
    expect: farm(WORK),
  },
  'GET /api/farms/:id/financials': { url: farmUrl('/financials'), expect: farm(READ) },
  'POST /api/farms/:id/transactions': {
    url: farmUrl('/transactions'),
    body: () => ({ type: 'expense', category: 'seeds', amount: 12.5, date: day(3) }),
    expect: farm(MANAGE),
  },
  'GET /api/farms/:id/transactions': { url: farmUrl('/transactions'), expect: farm(READ) },
  'POST /api/farms/:id/transactions/:transactionId/reversal': {
    url: (f, who) =>
      `/api/farms/${f.farmId}/transactions/${who === 'farmManager' ? f.transactions.forManager : f.transactions.forOwner}/reversal`,
    expect: farm(MANAGE),
  },
  'GET /api/farms/:id/transactions.csv': { url: farmUrl('/transactions.csv'), expect: farm(READ) },
  'POST /api/farms/:id/sales': {
    url: farmUrl('/sales'),
    body: () => ({ type: 'custom', date: day(2), quantity: 1, pricePerUnit: 150 }),
    expect: farm(MANAGE),
  },
  'GET /api/farms/:id/reports': { url: farmUrl('/reports'), expect: farm(READ) },
  'POST /api/farms/:id/reports': {
    url: farmUrl('/reports'),
    body: () => ({ type: 'income_statement' }),
    expect: farm(MANAGE),
  },
  'GET /api/farms/:id/reports/:reportId.csv': {
    url: (f) => `/api/farms/${f.farmId}/reports/${f.reportId}.csv`,
    expect: farm(READ),
  },
  'GET /api/farms/:id/projections': { url: farmUrl('/projections'), expect: farm(READ) },
  'POST /api/farms/:id/projections': {
    url: farmUrl('/projections'),
    body: () => ({ name: 'Dry year', months: [{ month: day(0).slice(0, 7), income: 100, expense: 50 }] }),
    expect: farm(MANAGE),
  },

  // Marketplace.
  'GET /api/commodities': { url: fixed('/api/commodities'), expect: signedIn() },
  'POST /api/commodities': {
    url: fixed('/api/commodities'),
    body: () => ({ name: 'Cassava', quantity: 2, price: 120, grade: 'B' }),
    // An agent lists only for a farmer they represent, and must say which (400 without onBehalfOf).
    expect: only({ farmer: 'ok', agent: 'allowed' }),
  },
  'GET /api/commodities/:id': { url: (f) => `/api/commodities/${f.listingId}`, expect: signedIn() },
  'PATCH /api/commodities/:id': {
    url: (f) => `/api/commodities/${f.listingId}`,
    body: () => ({ price: 260 }),
    expect: only({ farmer: 'ok' }),
  },
  // The owner (or their agent: the agent does not represent the farmer yet here) adds photos to a listing.
  'POST /api/commodities/:id/photos': {
    url: (f) => `/api/commodities/${f.listingId}/photos`,
    body: () => ({ photos: [photoPair()] }),
    expect: only({ farmer: 'ok' }),
  },
  // A listing's photo: every signed-in user, as the listing.
  'GET /api/commodities/:id/photos/:hash': { url: (f) => f.listingPhoto, expect: signedIn() },
  'POST /api/bids': {
    url: fixed('/api/bids'),
    body: (f) => ({ commodityId: f.listingId, price: 240, quantity: 1 }),
    expect: only({ buyer: 'ok' }),
  },
  'GET /api/bids': { url: fixed('/api/bids'), expect: signedIn() },
  // Rejecting is the listing owner's; the bidder may only withdraw (403); strangers do not see the bid (404).
  'PATCH /api/bids/:id': {
    url: (f) => `/api/bids/${f.bidToReject}`,
    body: () => ({ status: 'rejected' }),
    expect: only({ farmer: 'ok', buyer: 403 }, 404),
  },
  'GET /api/trades': { url: fixed('/api/trades'), expect: signedIn() },
  'POST /api/commodity-requests': {
    url: fixed('/api/commodity-requests'),
    body: () => ({
      commodityName: 'Sorghum',
      quantity: '5',
      targetPrice: '180',
      grade: 'A',
      deliveryTimeline: 'within_week',
    }),
    expect: only({ buyer: 'ok' }),
  },
  'GET /api/commodity-requests': { url: fixed('/api/commodity-requests'), expect: signedIn() },
  'PATCH /api/commodity-requests/:id': {
    url: (f) => `/api/commodity-requests/${f.requestId}`,
    body: () => ({ status: 'closed' }),
    expect: only({ buyer: 'ok' }),
  },
  'GET /api/market/summary': { url: fixed('/api/market/summary'), expect: signedIn() },
  'GET /api/market/price-history': { url: fixed('/api/market/price-history'), expect: signedIn() },

  // Orders: the seller (farmer), the buyer, the order's driver (delivery) and managers see one; the agent is on none.
  'GET /api/orders': { url: fixed('/api/orders'), expect: signedIn() },
  'GET /api/orders/:id': {
    url: (f) => `/api/orders/${f.orders.driven}`,
    expect: only({ farmer: 'ok', buyer: 'ok', delivery: 'ok', manager: 'ok' }, 404),
  },
  'POST /api/orders/:id/cancel': {
    url: (f) => `/api/orders/${f.orders.toCancel}/cancel`,
    body: () => ({ reason: 'No truck this week' }),
    expect: only({ farmer: 'allowed', manager: 'allowed', buyer: 403 }, 404),
  },
  'POST /api/orders/:id/delivery': {
    url: (f) => `/api/orders/${f.orders.toArrange}/delivery`,
    body: () => ({ mode: 'pickup' }),
    expect: only({ farmer: 'allowed', manager: 'allowed', buyer: 403 }, 404),
  },
  'PATCH /api/deliveries/:id': {
    url: (f) => `/api/deliveries/${f.deliveryId}`,
    body: () => ({ status: 'accepted' }),
    expect: only({ delivery: 'allowed', manager: 'allowed' }, 404),
  },
  'POST /api/orders/:id/code': {
    url: (f) => `/api/orders/${f.orders.driven}/code`,
    expect: only({ buyer: 'ok', farmer: 403, delivery: 403, manager: 403 }, 404),
  },
  'POST /api/orders/:id/payments': {
    url: (f) => `/api/orders/${f.orders.driven}/payments`,
    body: () => ({ amount: 1, method: 'cash' }),
    expect: only({ farmer: 'allowed', manager: 'allowed', buyer: 403, delivery: 403 }, 404),
  },
  // Not delivered yet: the buyer is allowed to ask and told it is too early (409).
  'POST /api/orders/:id/dispute': {
    url: (f) => `/api/orders/${f.orders.driven}/dispute`,
    body: () => ({ reason: 'quality', note: 'Wet grain' }),
    expect: only({ buyer: 'allowed', farmer: 403, delivery: 403, manager: 403 }, 404),
  },
  // Only the seller answers; the driven order is not in dispute (409). The driver sees the order but is no party.
  'POST /api/orders/:id/dispute/reply': {
    url: (f) => `/api/orders/${f.orders.driven}/dispute/reply`,
    body: () => ({ note: 'Dry when loaded' }),
    expect: only({ farmer: 'allowed', buyer: 403, delivery: 403, manager: 403 }, 404),
  },
  // A dispute's photo: its parties and managers; to anyone else (a driver too) it does not exist.
  'GET /api/orders/:id/photos/:hash': {
    url: (f) => f.disputePhoto,
    expect: only({ farmer: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  'PATCH /api/orders/:id/dispute': {
    url: (f) => `/api/orders/${f.orders.driven}/dispute`,
    body: () => ({ resolution: 'rejected', note: 'No evidence' }),
    expect: only({ manager: 'allowed' }),
  },
  // Ratings: the order's buyer and seller rate each other once it completes (the driven order is not: 409); a
  // manager sees the order but is no party (403); to others the order does not exist.
  'GET /api/orders/:id/ratings': {
    url: (f) => `/api/orders/${f.orders.driven}/ratings`,
    expect: only({ farmer: 'ok', buyer: 'ok', manager: 403 }, 404),
  },
  'PUT /api/orders/:id/rating': {
    url: (f, who) => `/api/orders/${who === 'buyer' ? f.ratedOrder : f.orders.driven}/rating`,
    body: () => ({ score: 4, note: 'On time' }),
    expect: only({ buyer: 'ok', farmer: 'allowed', manager: 403 }, 404),
  },
  'GET /api/users/:id/ratings': { url: (f) => `/api/users/${f.roleTarget}/ratings`, expect: signedIn() },
  'PATCH /api/ratings/:id': {
    url: (f) => `/api/ratings/${f.ratingId}`,
    body: () => ({ hidden: true }),
    expect: only({ manager: 'ok' }),
  },
  'GET /api/operations/summary': { url: fixed('/api/operations/summary'), expect: only({ manager: 'ok' }) },
  'GET /api/agent-links': { url: fixed('/api/agent-links'), expect: signedIn() },
  'POST /api/agent-links': {
    url: fixed('/api/agent-links'),
    body: (f) => ({ farmerId: f.linkTarget }),
    expect: only({ agent: 'ok' }),
  },
  // The agent asked the farmer: only the farmer answers; the agent gets 403; strangers 404.
  'PATCH /api/agent-links/:id': {
    url: (f) => `/api/agent-links/${f.linkToAnswer}`,
    body: () => ({ status: 'active' }),
    expect: only({ farmer: 'ok', agent: 403 }, 404),
  },
  'DELETE /api/agent-links/:id': {
    url: (f) => `/api/agent-links/${f.linkToEnd}`,
    expect: only({ agent: 'ok' }, 404),
  },
  'GET /api/commissions': { url: fixed('/api/commissions'), expect: only({ agent: 'ok' }) },
  'GET /api/commissions/statement': {
    url: fixed('/api/commissions/statement?from=2026-01-01&to=2026-12-31'),
    expect: only({ agent: 'ok' }),
  },
  'GET /api/commissions/statement.csv': {
    url: fixed('/api/commissions/statement.csv?from=2026-01-01&to=2026-12-31'),
    expect: only({ agent: 'ok' }),
  },
  'GET /api/deliveries/earnings': {
    url: fixed('/api/deliveries/earnings'),
    expect: only({ delivery: 'ok' }),
  },
  // Notifications: everyone reads and marks their own (marking all needs nothing to exist).
  'GET /api/notifications': { url: fixed('/api/notifications'), expect: signedIn() },
  'GET /api/notifications/unread-count': {
    url: fixed('/api/notifications/unread-count'),
    expect: signedIn(),
  },
  'POST /api/notifications/read': {
    url: fixed('/api/notifications/read'),
    body: () => ({ all: true }),
    expect: signedIn(),
  },
  // A batch runs each write as the caller: signed in, it answers 200 whatever each write's own answer.
  'POST /api/batch': {
    url: fixed('/api/batch'),
    body: () => ({
      requests: [
        { method: 'POST', path: '/api/notifications/read', body: { all: true }, idempotencyKey: 'matrix' },
      ],
    }),
    expect: signedIn(),
  },
  'GET /api/notification-preferences': { url: fixed('/api/notification-preferences'), expect: signedIn() },
  'PUT /api/notification-preferences': {
    url: fixed('/api/notification-preferences'),
    body: () => ({ types: { achievement: { inApp: true, sms: false, whatsapp: false } } }),
    expect: signedIn(),
  },
  // The phone: everyone their own (this app has no SMS or WhatsApp configured: asking a code is refused, 409).
  'GET /api/user/phone': { url: fixed('/api/user/phone'), expect: signedIn() },
  'POST /api/user/phone': {
    url: fixed('/api/user/phone'),
    body: () => ({ countryCode: '+237', phoneNumber: '677 12 34 56' }),
    expect: signedIn('allowed'),
  },
  'POST /api/user/phone/verify': {
    url: fixed('/api/user/phone/verify'),
    body: () => ({ code: '123456' }),
    expect: signedIn('allowed'),
  },
  'DELETE /api/user/phone': { url: fixed('/api/user/phone'), expect: signedIn() },
  // The phone PIN: everyone their own, proven by their password.
  'PUT /api/user/pin': {
    url: fixed('/api/user/pin'),
    body: (f, who) => ({
      pin: '1234',
      currentPassword: who === 'anonymous' ? 'x' : f.sessions[who].password,
    }),
    expect: signedIn(),
  },
  // Providers' callbacks: public, each behind its own secret; with the channel off here, not found.
  'POST /api/channels/sms/status': {
    url: fixed('/api/channels/sms/status?key=x'),
    body: () => ({ id: 'ATXid_1', status: 'Success' }),
    expect: everyone(404),
  },
  'GET /api/channels/whatsapp/webhook': {
    url: fixed('/api/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1'),
    expect: everyone(404),
  },
  'POST /api/channels/whatsapp/webhook': {
    url: fixed('/api/channels/whatsapp/webhook'),
    body: () => ({ object: 'whatsapp_business_account', entry: [] }),
    expect: everyone(404),
  },
  'POST /api/channels/ussd': {
    url: fixed('/api/channels/ussd?key=x'),
    body: () => ({ sessionId: 's', phoneNumber: '+237670000001', text: '' }),
    expect: everyone(404),
  },
  'POST /api/channels/sms/inbound': {
    url: fixed('/api/channels/sms/inbound?key=x'),
    body: () => ({ from: '+237670000001', text: 'HELP', id: 'ATXid_1' }),
    expect: everyone(404),
  },

  // Network.
  'GET /api/posts': { url: fixed('/api/posts'), expect: signedIn() },
  'POST /api/posts': {
    url: fixed('/api/posts'),
    body: () => ({ content: 'Rain at last' }),
    expect: signedIn(),
  },
  'GET /api/posts/:id/photos/:hash': { url: (f) => f.postPhoto, expect: signedIn() },
  'DELETE /api/posts/:id': {
    url: (f, who) => `/api/posts/${who === 'manager' ? f.posts.forModerator : f.posts.forAuthor}`,
    expect: only({ farmer: 'ok', manager: 'ok' }),
  },
  'POST /api/posts/:id/comments': {
    url: (f) => `/api/posts/${f.posts.forReplies}/comments`,
    body: () => ({ content: 'Agreed' }),
    expect: signedIn(),
  },
  'DELETE /api/comments/:id': {
    url: (f, who) => `/api/comments/${who === 'manager' ? f.comments.forModerator : f.comments.forAuthor}`,
    expect: only({ farmer: 'ok', manager: 'ok' }),
  },
  'POST /api/posts/:id/react': {
    url: (f) => `/api/posts/${f.posts.forReplies}/react`,
    body: () => ({ type: 'helpful' }),
    expect: signedIn(),
  },
  'GET /api/network/overview': { url: fixed('/api/network/overview'), expect: signedIn() },
  'GET /api/connections': { url: fixed('/api/connections'), expect: signedIn() },
  'POST /api/connections': {
    url: fixed('/api/connections'),
    body: (f, who) => ({ userId: f.connectTargets[who] }),
    expect: signedIn(),
  },
  // The farmer asked the buyer: only the buyer answers; the asker gets 403; strangers 404.
  'PATCH /api/connections/:id': {
    url: (f) => `/api/connections/${f.connectionToAnswer}`,
    body: () => ({ status: 'accepted' }),
    expect: only({ buyer: 'ok', farmer: 403 }, 404),
  },
  'DELETE /api/connections/:id': {
    url: (f, who) =>
      `/api/connections/${who === 'delivery' ? f.connections.forAsked : f.connections.forAsker}`,
    expect: only({ farmer: 'ok', delivery: 'ok' }, 404),
  },

  // Users and profiles.
  'GET /api/users': { url: fixed('/api/users'), expect: signedIn() },
  'GET /api/users/:id': { url: (f) => `/api/users/${f.roleTarget}`, expect: signedIn() },
  'PATCH /api/users/:id/role': {
    url: (f) => `/api/users/${f.roleTarget}/role`,
    body: () => ({ role: 'farmer' }),
    expect: only({ manager: 'ok' }),
  },
  'GET /api/profile': { url: fixed('/api/profile'), expect: signedIn() },
  'PUT /api/profile': {
    url: fixed('/api/profile'),
    body: () => ({ bio: 'Maize and beans' }),
    expect: signedIn(),
  },
  'GET /api/enhanced-profile': { url: fixed('/api/enhanced-profile'), expect: signedIn() },
  'PUT /api/enhanced-profile': {
    url: fixed('/api/enhanced-profile'),
    body: () => ({ region: 'West' }),
    expect: signedIn(),
  },
  'GET /api/achievements': { url: fixed('/api/achievements'), expect: signedIn() },
  'GET /api/dashboard': { url: fixed('/api/dashboard'), expect: signedIn() },
  'GET /api/saved-searches': { url: fixed('/api/saved-searches'), expect: only({ buyer: 'ok' }) },
  'POST /api/saved-searches': {
    url: fixed('/api/saved-searches'),
    body: () => ({ name: 'Cheap maize', query: 'maize' }),
    expect: only({ buyer: 'ok' }),
  },
  'DELETE /api/saved-searches/:id': {
    url: (f) => `/api/saved-searches/${f.savedSearchId}`,
    expect: only({ buyer: 'ok' }),
  },
  'GET /api/commodity-kinds': { url: fixed('/api/commodity-kinds'), expect: signedIn() },
  'POST /api/commodity-kinds': {
    url: fixed('/api/commodity-kinds'),
    body: (_f, who) => ({
      key: `kind_${who.toLowerCase()}`,
      names: { en: `Crop ${who}`, fr: `Culture ${who}` },
      synonyms: [],
      grades: ['A'],
      units: [],
    }),
    expect: only({ manager: 'ok' }),
  },
  'PATCH /api/commodity-kinds/:key': {
    url: fixed('/api/commodity-kinds/maize'),
    body: () => ({ grades: ['A', 'B', 'C'] }),
    expect: only({ manager: 'ok' }),
  },
  'GET /api/commodity-kinds/unmatched': {
    url: fixed('/api/commodity-kinds/unmatched'),
    expect: only({ manager: 'ok' }),
  },
  'POST /api/commodity-kind-requests': {
    url: fixed('/api/commodity-kind-requests'),
    body: (_f, who) => ({ name: `Egusi ${who}` }),
    expect: only({ farmer: 'ok', agent: 'ok' }),
  },
  'GET /api/commodity-kind-requests': {
    url: fixed('/api/commodity-kind-requests'),
    expect: only({ manager: 'ok' }),
  },
  'DELETE /api/commodity-kind-requests/:id': {
    url: (f) => `/api/commodity-kind-requests/${f.kindRequestId}`,
    expect: only({ manager: 'ok' }),
  },
  // Mobile money. Only the buyer pays (a manager for them: the buyer's payment is then pending, 409); the seller is
  // refused; the order does not exist for anyone else.
  'POST /api/orders/:id/mobile-payments': {
    url: (f) => `/api/orders/${f.toPay}/mobile-payments`,
    body: () => ({ provider: 'mtn_momo', phone: '237670000002' }),
    expect: only({ buyer: 'ok', manager: 'allowed', farmer: 403 }, 404),
  },
  'GET /api/mobile-payments/:id': {
    url: (f) => `/api/mobile-payments/${f.mobilePaymentId}`,
    expect: only({ farmer: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  // Only the buyer releases (the driven order holds nothing: 409); its seller, driver and managers are refused.
  'POST /api/orders/:id/release': {
    url: (f) => `/api/orders/${f.orders.driven}/release`,
    expect: only({ buyer: 'allowed', farmer: 403, delivery: 403, manager: 403 }, 404),
  },
  'GET /api/operations/escrow': { url: fixed('/api/operations/escrow'), expect: only({ manager: 'ok' }) },
  'GET /api/operations/payouts': { url: fixed('/api/operations/payouts'), expect: only({ manager: 'ok' }) },
  // The payee has no proven number: a new try is refused (409), a payout made by hand is recorded.
  'POST /api/payouts/:id/retry': {
    url: (f) => `/api/payouts/${f.waitingPayout}/retry`,
    expect: only({ manager: 'allowed' }),
  },
  'POST /api/payouts/:id/record': {
    url: (f) => `/api/payouts/${f.waitingPayout}/record`,
    body: () => ({ method: 'cash', reference: 'RCPT-7' }),
    expect: only({ manager: 'ok' }),
  },
  // The providers' callbacks are public (MTN's carries our key); one for a reference we never sent changes nothing.
  'PUT /api/payments/momo/callback/:reference': {
    url: fixed(`/api/payments/momo/callback/${UNKNOWN_REFERENCE}?key=${STAND_IN_CALLBACK_KEY}`),
    body: () => ({ status: 'SUCCESSFUL', financialTransactionId: '1' }),
    expect: everyone(),
  },
  'POST /api/payments/momo/callback/:reference': {
    url: fixed(`/api/payments/momo/callback/${UNKNOWN_REFERENCE}?key=${STAND_IN_CALLBACK_KEY}`),
    body: () => ({ status: 'SUCCESSFUL', financialTransactionId: '1' }),
    expect: everyone(),
  },
  'POST /api/payments/orange/notify/:reference': {
    url: fixed(`/api/payments/orange/notify/${UNKNOWN_REFERENCE}`),
    body: () => ({ status: 'SUCCESS', notif_token: 'not-ours', txnid: 'MP1' }),
    expect: everyone(),
  },
  'GET /api/price-alerts': { url: fixed('/api/price-alerts'), expect: signedIn() },
  'POST /api/price-alerts': {
    url: fixed('/api/price-alerts'),
    body: () => ({ commodity: 'maize', price: 300 }),
    expect: signedIn(),
  },
  // Anyone signed in keeps alerts; another's alert does not exist for them.
  'DELETE /api/price-alerts/:id': {
    url: (f) => `/api/price-alerts/${f.priceAlertId}`,
    expect: { ...signedIn(404), buyer: 'ok' },
  },

  // Crops (after the agent-link rows: the fixture agent represents the farm's owner by now).
  'GET /api/farms/:id/plots': { url: farmUrl('/plots'), expect: crops(READ) },
  'POST /api/farms/:id/plots': {
    url: farmUrl('/plots'),
    body: (_f, who) => ({ name: `Plot of ${who}`, area: 0.01 }),
    expect: crops(MANAGE),
  },
  'PATCH /api/farms/:id/plots/:plotId': {
    url: (f) => `/api/farms/${f.farmId}/plots/${f.crops.plotId}`,
    body: () => ({ name: 'Home plot' }),
    expect: crops(MANAGE),
  },
  'GET /api/farms/:id/crop-plans': { url: farmUrl('/crop-plans?season=2026'), expect: crops(READ) },
  'POST /api/farms/:id/crop-plans': {
    url: farmUrl('/crop-plans'),
    body: (f) => ({ plotId: f.crops.cropPlotId, crop: 'maize', area: 0.1, plantingDate: day(-10) }),
    expect: crops(MANAGE),
  },
  'GET /api/crop-plans/:id': {
    url: (f) => `/api/crop-plans/${f.crops.planId}`,
    farmRoles: true,
    expect: crops(READ),
  },
  'PATCH /api/crop-plans/:id': {
    url: (f) => `/api/crop-plans/${f.crops.planId}`,
    body: () => ({ variety: 'CMS 8704' }),
    farmRoles: true,
    expect: crops(MANAGE),
  },
  'POST /api/crop-plans/:id/abandon': {
    url: (f, who) => `/api/crop-plans/${f.crops.toAbandon[who] ?? f.crops.toAbandon.farmer}/abandon`,
    body: () => ({ reason: 'drought', note: 'No rain in May' }),
    farmRoles: true,
    expect: crops(MANAGE),
  },
  'GET /api/crop-plans/:id/analytics': {
    url: (f) => `/api/crop-plans/${f.crops.planId}/analytics?type=yield_prediction`,
    farmRoles: true,
    expect: crops(READ),
  },
  'POST /api/crop-plans/:id/inputs': {
    url: (f) => `/api/crop-plans/${f.crops.planId}/inputs`,
    body: () => ({ kind: 'seed', name: 'Hybrid seed', quantity: 10, unit: 'kg', cost: 25, date: day(1) }),
    farmRoles: true,
    expect: crops(MANAGE),
  },
  'POST /api/crop-plans/:id/harvests': {
    url: (f) => `/api/crop-plans/${f.crops.planId}/harvests`,
    body: () => ({ date: day(0), quantity: 2, unit: 'bag50', uses: { home: 1, stored: 1 } }),
    farmRoles: true,
    expect: crops(WORK),
  },
  'POST /api/crop-plans/:id/links': {
    url: (f) => `/api/crop-plans/${f.crops.planId}/links`,
    body: (f) => ({ source: 'transaction', id: f.crops.expenseId }),
    farmRoles: true,
    expect: crops(MANAGE),
  },
  'DELETE /api/crop-plans/:id/links/:source/:sourceId': {
    url: (f) => `/api/crop-plans/${f.crops.planId}/links/transaction/${f.crops.expenseId}`,
    farmRoles: true,
    expect: crops(MANAGE),
  },
  // Everyone signed in has a task list: their farms' tasks (none for most).
  'GET /api/tasks': { url: fixed(`/api/tasks?from=${day(30)}&to=${day(-30)}`), expect: signedIn() },
  'GET /api/farms/:id/tasks': { url: farmUrl('/tasks?status=open'), expect: crops(READ) },
  'POST /api/farms/:id/tasks': {
    url: farmUrl('/tasks'),
    body: () => ({ title: 'Mend the fence', due: day(-3) }),
    expect: crops(WORK),
  },
  'PATCH /api/tasks/:id': {
    url: (f) => `/api/tasks/${f.crops.taskId}`,
    body: () => ({ status: 'done' }),
    farmRoles: true,
    expect: crops(WORK),
  },

  // Stock (after the agent-link rows: the agent keeps the farmer's home store and sells their lots by now). Everyone
  // signed in has stores and lots (their own, none for most); a shared store is a manager's to open.
  'GET /api/stores': { url: fixed('/api/stores'), expect: signedIn() },
  'POST /api/stores': {
    url: fixed('/api/stores'),
    body: () => ({ name: 'Co-op store', kind: 'coop' }),
    expect: only({ manager: 'ok' }),
  },
  // Keepers are named by the store's owner (or their agent) and managers; to others the store does not exist.
  'POST /api/stores/:id/keepers': {
    url: (f) => `/api/stores/${f.stock.storeId}/keepers`,
    body: (f) => ({ userId: f.stock.keeperTarget }),
    expect: only({ farmer: 'ok', agent: 'ok', manager: 'ok' }, 404),
  },
  'DELETE /api/stores/:id/keepers/:userId': {
    url: (f, who) =>
      `/api/stores/${f.stock.storeId}/keepers/${f.stock.toRemove[who] ?? f.stock.keeperTarget}`,
    expect: only({ farmer: 'ok', agent: 'ok', manager: 'ok' }, 404),
  },
  'GET /api/lots': { url: fixed('/api/lots'), expect: signedIn() },
  'GET /api/lots/summary': { url: fixed('/api/lots/summary'), expect: signedIn() },
  // Opening stock in the farmer's home store: theirs and their agent's to record; to others it does not exist.
  'POST /api/lots': {
    url: fixed('/api/lots'),
    body: (f) => ({ storeId: f.stock.storeId, crop: 'Maize', grade: 'A', quantity: 1 }),
    expect: only({ farmer: 'ok', agent: 'ok' }, 404),
  },
  // A manager sees every lot but keeps no farmer's store (403); to others the lot does not exist.
  'GET /api/lots/:id': {
    url: (f) => `/api/lots/${f.stock.lotId}`,
    expect: only({ farmer: 'ok', agent: 'ok', manager: 'ok' }, 404),
  },
  'POST /api/lots/:id/movements': {
    url: (f) => `/api/lots/${f.stock.lotId}/movements`,
    body: () => ({ kind: 'loss', quantity: 0.01, reason: 'pests' }),
    expect: only({ farmer: 'ok', agent: 'ok', manager: 403 }, 404),
  },
  'POST /api/lots/:id/photos': {
    url: (f) => `/api/lots/${f.stock.lotId}/photos`,
    body: (_f, who) => ({ photos: [photoPair(who.length)] }),
    expect: only({ farmer: 'ok', agent: 'ok', manager: 403 }, 404),
  },
  'GET /api/lots/:id/photos/:hash': {
    url: (f) => f.stock.photoUrl,
    expect: only({ farmer: 'ok', agent: 'ok', manager: 'ok' }, 404),
  },
  // Public: anyone with the code checks what a receipt certifies (a buyer, a lender).
  'GET /api/receipts/:code': { url: (f) => `/api/receipts/${f.stock.receiptCode}`, expect: everyone() },

  // Groups (last: the co-operative's sales and settlement are made by then). Every group's card is anyone's to find;
  // its feed and members are its active members' (and a manager's to read); what a caller may not read is a 404, a
  // member lacking the role is told 403. The farmer is the co-op's admin, the agent its store keeper, the buyer a
  // plain member; delivery and manager are not members.
  // Forward agreements: a buyer's proposal; its parties (and managers) see it, to others it does not exist. Each step
  // is the side's whose turn it is (a manager is on neither: 403); after the farmer's answer the buyer's is late.
  'POST /api/forward-agreements': {
    url: fixed('/api/forward-agreements'),
    body: (f) => agreementBody(f.sessions.farmer.user.id),
    expect: only({ buyer: 'ok' }),
  },
  'GET /api/forward-agreements': {
    url: fixed('/api/forward-agreements?status=proposed'),
    expect: signedIn(),
  },
  'GET /api/forward-agreements/:id': {
    url: (f) => `/api/forward-agreements/${f.agreements.proposed}`,
    expect: only({ buyer: 'ok', farmer: 'ok', manager: 'ok' }, 404),
  },
  'POST /api/forward-agreements/:id/decision': {
    url: (f) => `/api/forward-agreements/${f.agreements.proposed}/decision`,
    body: () => ({ decision: 'accept' }),
    expect: only({ farmer: 'ok', buyer: 403, manager: 403 }, 404),
  },
  'POST /api/forward-agreements/:id/withdraw': {
    url: (f) => `/api/forward-agreements/${f.agreements.toWithdraw}/withdraw`,
    expect: only({ buyer: 'ok', farmer: 403, manager: 403 }, 404),
  },
  // The deposit is the buyer's to pay; deliveries, the seller's (not yet: it is not active).
  'POST /api/forward-agreements/:id/deposit': {
    url: (f) => `/api/forward-agreements/${f.agreements.accepted}/deposit`,
    body: () => ({ provider: 'mtn_momo', phone: '237670000002' }),
    expect: only({ buyer: 'allowed', farmer: 403, manager: 403 }, 404),
  },
  'POST /api/forward-agreements/:id/orders': {
    url: (f) => `/api/forward-agreements/${f.agreements.accepted}/orders`,
    body: () => ({ quantity: 1 }),
    expect: only({ farmer: 'allowed', buyer: 403, manager: 403 }, 404),
  },
  'PUT /api/forward-agreements/:id/plan': {
    url: (f) => `/api/forward-agreements/${f.agreements.accepted}/plan`,
    body: () => ({ planId: null }),
    expect: only({ farmer: 'ok', buyer: 403, manager: 403 }, 404),
  },
  'POST /api/forward-agreements/:id/dispute': {
    url: (f) => `/api/forward-agreements/${f.agreements.accepted}/dispute`,
    body: () => ({ note: 'The goods were not collected' }),
    expect: only({ farmer: 'allowed', buyer: 'allowed', manager: 403 }, 404),
  },
  'POST /api/forward-agreements/:id/resolve': {
    url: (f) => `/api/forward-agreements/${f.agreements.accepted}/resolve`,
    body: () => ({ outcome: 'fulfilled', note: 'Both sides agree' }),
    expect: only({ manager: 'allowed' }),
  },
  'GET /api/financial/futures': { url: fixed('/api/financial/futures'), expect: signedIn() },
  'GET /api/users/:id/agreement-record': {
    url: (f) => `/api/users/${f.sessions.farmer.user.id}/agreement-record`,
    expect: signedIn(),
  },
  'GET /api/lessons': { url: fixed('/api/lessons?topic=crops&crop=maize&q=maize'), expect: signedIn() },
  'GET /api/lessons/:slug': { url: fixed('/api/lessons/maize-planting'), expect: signedIn() },
  'POST /api/lessons/:slug/progress': {
    url: fixed('/api/lessons/maize-planting/progress'),
    body: () => ({ finished: true }),
    expect: signedIn(),
  },
  // Writing lessons: managers, and the experts a manager names (none yet here). The manager starts the next version
  // of a shipped lesson and sends it for review, then may not approve their own; nobody else sees or changes it.
  'GET /api/lesson-drafts': { url: fixed('/api/lesson-drafts'), expect: signedIn() },
  'POST /api/lessons': {
    url: fixed('/api/lessons'),
    body: (_f, who) => lessonBody(`matrix-${who.toLowerCase()}`),
    expect: only({ manager: 'ok' }),
  },
  'GET /api/lessons/:slug/draft': {
    url: fixed('/api/lessons/groundnut-growing/draft'),
    expect: only({ manager: 'ok' }, 404),
  },
  'PATCH /api/lessons/:slug': {
    url: fixed('/api/lessons/groundnut-growing'),
    body: () => ({ readingMinutes: 4 }),
    expect: only({ manager: 'ok' }),
  },
  'POST /api/lessons/:slug/submit': {
    url: fixed('/api/lessons/groundnut-growing/submit'),
    expect: only({ manager: 'ok' }),
  },
  'POST /api/lessons/:slug/review': {
    url: fixed('/api/lessons/groundnut-growing/review'),
    body: () => ({ decision: 'approve' }),
    expect: only({}),
  },
  'GET /api/lessons/:slug/versions': {
    url: fixed('/api/lessons/maize-planting/versions'),
    expect: signedIn(),
  },
  'GET /api/lesson-experts': { url: fixed('/api/lesson-experts'), expect: only({ manager: 'ok' }) },
  'PUT /api/lesson-experts/:userId': {
    url: (f) => `/api/lesson-experts/${f.roleTarget}`,
    expect: only({ manager: 'ok' }),
  },
  'DELETE /api/lesson-experts/:userId': {
    url: (f) => `/api/lesson-experts/${f.roleTarget}`,
    expect: only({ manager: 'ok' }),
  },
  // The reader's own choice; counts for an agent's farmers are an agent's to read (the others are told 403).
  'GET /api/lessons/privacy': { url: fixed('/api/lessons/privacy'), expect: signedIn() },
  'PUT /api/lessons/privacy': {
    url: fixed('/api/lessons/privacy'),
    body: () => ({ shared: true }),
    expect: signedIn(),
  },
  'GET /api/agents/learning': { url: fixed('/api/agents/learning'), expect: only({ agent: 'ok' }) },
  'GET /api/groups': { url: fixed('/api/groups?kind=cooperative&region=West'), expect: signedIn() },
  'POST /api/groups': {
    url: fixed('/api/groups'),
    body: (_f, who) => ({ name: `Club ${who}`, kind: 'discussion' }),
    expect: signedIn(),
  },
  'GET /api/groups/:id': { url: (f) => `/api/groups/${f.groups.id}`, expect: signedIn() },
  'PATCH /api/groups/:id': {
    url: (f) => `/api/groups/${f.groups.id}`,
    body: () => ({ description: 'Maize and beans around Dschang', levyPercent: 2 }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'GET /api/groups/:id/members': {
    url: (f) => `/api/groups/${f.groups.id}/members`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  // Counts of lessons read: the co-operative's admins only (its keeper and a plain member are told 403).
  'GET /api/groups/:id/learning': {
    url: (f) => `/api/groups/${f.groups.id}/learning`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  // An invitation is an admin's to send.
  'POST /api/groups/:id/members': {
    url: (f) => `/api/groups/${f.groups.id}/members`,
    body: (f) => ({ userId: f.groups.inviteTarget }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  // A request to join is an admin's to decide; to anyone else there is no request to decide.
  'POST /api/groups/:id/members/:userId/decision': {
    url: (f) => `/api/groups/${f.groups.id}/members/${f.groups.requester}/decision`,
    body: () => ({ accept: true }),
    expect: only({ farmer: 'ok' }, 404),
  },
  'PATCH /api/groups/:id/members/:userId': {
    url: (f) => `/api/groups/${f.groups.id}/members/${f.groups.roleTarget}`,
    body: () => ({ role: 'store_keeper' }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'DELETE /api/groups/:id/members/:userId': {
    url: (f) => `/api/groups/${f.groups.id}/members/${f.groups.removable}`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'GET /api/groups/:id/posts': {
    url: (f) => `/api/groups/${f.groups.id}/posts`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  'POST /api/groups/:id/posts': {
    url: (f) => `/api/groups/${f.groups.id}/posts`,
    body: () => ({ body: 'Who has bags to spare?' }),
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok' }, 404),
  },
  'POST /api/groups/:id/posts/:postId/comments': {
    url: (f) => `/api/groups/${f.groups.id}/posts/${f.groups.postId}/comments`,
    body: () => ({ body: 'I will be there' }),
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok' }, 404),
  },
  'GET /api/groups/:id/stores': {
    url: (f) => `/api/groups/${f.groups.id}/stores`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok' }, 404),
  },
  'POST /api/groups/:id/stores': {
    url: (f) => `/api/groups/${f.groups.id}/stores`,
    body: (_f, who) => ({ name: `Magasin ${who}` }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'POST /api/groups/:id/intakes': {
    url: (f) => `/api/groups/${f.groups.id}/intakes`,
    body: (f) => ({
      memberId: f.sessions.buyer.user.id,
      crop: 'Maize',
      grade: 'C',
      quantity: 0.2,
      bags: 4,
      storeId: f.groups.storeId,
    }),
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 403 }, 404),
  },
  // Every member reads intakes (a plain member their own).
  'GET /api/groups/:id/intakes': {
    url: (f) => `/api/groups/${f.groups.id}/intakes`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok' }, 404),
  },
  'POST /api/groups/:id/intakes/:intakeId/reversal': {
    url: (f, who) =>
      `/api/groups/${f.groups.id}/intakes/${f.groups.toReverse[who] ?? f.groups.toReverse.farmer}/reversal`,
    body: () => ({ reason: 'Weighed twice' }),
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 403 }, 404),
  },
  'GET /api/groups/:id/lots': {
    url: (f) => `/api/groups/${f.groups.id}/lots`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 403 }, 404),
  },
  'POST /api/groups/:id/credits': {
    url: (f) => `/api/groups/${f.groups.id}/credits`,
    body: (f) => ({ memberId: f.sessions.buyer.user.id, amount: 1_000, note: 'Seed and fertiliser' }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  // Every member reads credit (a plain member their own).
  'GET /api/groups/:id/credits': {
    url: (f) => `/api/groups/${f.groups.id}/credits`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok' }, 404),
  },
  'POST /api/groups/:id/settlements': {
    url: (f) => `/api/groups/${f.groups.id}/settlements`,
    body: (f) => ({ orderId: f.groups.orderToSettle }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'GET /api/groups/:id/settlements': {
    url: (f) => `/api/groups/${f.groups.id}/settlements`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'GET /api/groups/:id/settlements/:sid': {
    url: (f) => `/api/groups/${f.groups.id}/settlements/${f.groups.settlementId}`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'POST /api/groups/:id/settlements/:sid/approve': {
    url: (f) => `/api/groups/${f.groups.id}/settlements/${f.groups.settlementId}/approve`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  // The paid member's payout did not fail: the admin is refused with a 409, never a 403/404.
  'POST /api/groups/:id/settlements/:sid/shares/:memberId/retry': {
    url: (f) =>
      `/api/groups/${f.groups.id}/settlements/${f.groups.settlementId}/shares/${f.groups.paidMember}/retry`,
    expect: only({ farmer: 'allowed', agent: 403, buyer: 403 }, 404),
  },
  // The buyer has no proven number: their share is due in cash.
  'POST /api/groups/:id/settlements/:sid/shares/:memberId/cash': {
    url: (f) =>
      `/api/groups/${f.groups.id}/settlements/${f.groups.settlementId}/shares/${f.sessions.buyer.user.id}/cash`,
    body: () => ({ reference: 'Reçu 0042' }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'GET /api/groups/:id/settlements/:sid/shares.csv': {
    url: (f) => `/api/groups/${f.groups.id}/settlements/${f.groups.settlementId}/shares.csv`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'GET /api/groups/:id/books': {
    url: (f) => `/api/groups/${f.groups.id}/books`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  // A member reads their own statement; an admin anyone's.
  'GET /api/groups/:id/statement': {
    url: (f) => `/api/groups/${f.groups.id}/statement`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok' }, 404),
  },
  'GET /api/groups/:id/reports/contributions.csv': {
    url: (f) => `/api/groups/${f.groups.id}/reports/contributions.csv`,
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  'POST /api/groups/:id/broadcasts': {
    url: (f) => `/api/groups/${f.groups.id}/broadcasts`,
    body: () => ({ en: 'Weighing on Friday', fr: 'Pesée vendredi', dryRun: true }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403 }, 404),
  },
  // Events. Public events are announced by agents and managers; the co-operative's meeting is its members' (and
  // managers'): delivery, no member, is told 404; its admin (the farmer) manages it, the agent checks people in.
  'GET /api/calendar': { url: fixed('/api/calendar?groupId=1&past=false&limit=10'), expect: signedIn() },
  'POST /api/calendar': {
    url: fixed('/api/calendar'),
    body: () => ({
      kind: 'training',
      title: 'Maize storage training',
      startsAt: daysAgo(-3).toISOString(),
      endsAt: daysAgo(-3.1).toISOString(),
      place: { name: 'Dschang' },
    }),
    expect: only({ agent: 'ok', manager: 'ok' }),
  },
  'GET /api/calendar/:id': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  'PATCH /api/calendar/:id': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}`,
    body: () => ({ description: 'Bring your receipts' }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403, manager: 'ok' }, 404),
  },
  'GET /api/calendar/:id.ics': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}.ics`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  'POST /api/calendar/:id/rsvp': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}/rsvp`,
    body: () => ({ answer: 'maybe' }),
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 'ok', manager: 'ok' }, 404),
  },
  'GET /api/calendar/:id/attendees': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}/attendees`,
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 403, manager: 'ok' }, 404),
  },
  'POST /api/calendar/:id/check-ins': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}/check-ins`,
    body: (f) => ({ userId: f.sessions.buyer.user.id }),
    expect: only({ farmer: 'ok', agent: 'ok', buyer: 403, manager: 'ok' }, 404),
  },
  // Minutes are the organiser's and the group's admins' (not a manager's: they were not there).
  'PUT /api/calendar/:id/minutes': {
    url: (f) => `/api/calendar/${f.calendar.meetingId}/minutes`,
    body: () => ({ minutes: 'Levy kept at 2 %.' }),
    expect: only({ farmer: 'ok', agent: 403, buyer: 403, manager: 403 }, 404),
  },
  'GET /api/calendar/feed': { url: fixed('/api/calendar/feed'), expect: signedIn() },
  'POST /api/calendar/feed': { url: fixed('/api/calendar/feed'), expect: signedIn() },
  'DELETE /api/calendar/feed': { url: fixed('/api/calendar/feed'), expect: signedIn() },
  // No sign-in: the token is the key (another user's, so that the callers' own feeds above do not revoke it).
  'GET /api/calendar/feed/:token.ics': {
    url: (f) => `/api/calendar/feed/${f.calendar.feedToken}.ics`,
    expect: everyone(),
  },
};

let t: TestApp;
let f: Fixtures;
let stand: PaymentsStandIn;

async function created(app: FastifyInstance, s: Session, url: string, payload: object): Promise<number> {
  const res = await call(app, s.cookie, { method: 'POST', url, payload });
  if (res.statusCode !== 201) {
    throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ id: number }>().id;
}

async function buildFixtures(): Promise<Fixtures> {
  const { app, ctx } = t;
  const farmer = await userWithRole(app, ctx, 'farmer');
  const buyer = await userWithRole(app, ctx, 'buyer');
  const agent = await userWithRole(app, ctx, 'agent');
  const delivery = await userWithRole(app, ctx, 'delivery');
  const manager = await userWithRole(app, ctx, 'manager');
  const farmManager = await registerUser(app);
  const farmWorker = await registerUser(app);
  const farmViewer = await registerUser(app);
  const nonMember = await registerUser(app);
  const sessions = {
    farmer,
    buyer,
    agent,
    delivery,
    manager,
    farmManager,
    farmWorker,
    farmViewer,
    nonMember,
  };
  const theFarm = await createFarm(app, farmer);
  const farmId = theFarm.id;
  const removable = await registerUser(app);
  for (const [member, role] of [
    [farmManager, 'manager'],
    [farmWorker, 'worker'],
    [farmViewer, 'viewer'],
    [removable, 'worker'],
  ] as const) {
    const res = await call(app, farmer.cookie, {
      method: 'POST',
      url: `/api/farms/${farmId}/members`,
      payload: { userId: member.user.id, role },
    });
    expect(res.statusCode).toBe(201);
  }
  const listing = { name: 'Maize', quantity: 10, price: 250, grade: 'A' };
  const listingId = await created(app, farmer, '/api/commodities', listing);
  const rejectable = await created(app, farmer, '/api/commodities', listing);
  const bidToReject = await created(app, buyer, '/api/bids', {
    commodityId: rejectable,
    price: 230,
    quantity: 1,
  });
  const requestId = await created(app, buyer, '/api/commodity-requests', {
    commodityName: 'Beans',
    quantity: '3',
    targetPrice: '400',
    grade: 'A',
    deliveryTimeline: 'within_month',
  });
  const withPhoto = await call(app, farmer.cookie, {
    method: 'POST',
    url: '/api/commodities',
    payload: { ...listing, photos: [photoPair()] },
  });
  expect(withPhoto.statusCode, withPhoto.body).toBe(201);
  const postWithPhoto = await call(app, farmer.cookie, {
    method: 'POST',
    url: '/api/posts',
    payload: { content: 'The new store', photos: [photoPair()] },
  });
  expect(postWithPhoto.statusCode, postWithPhoto.body).toBe(201);
  const post = () => created(app, farmer, '/api/posts', { content: 'Planting started' });
  const posts = { forAuthor: await post(), forModerator: await post(), forReplies: await post() };
  const comment = () => created(app, farmer, `/api/posts/${posts.forReplies}/comments`, { content: 'Yes' });
  const comments = { forAuthor: await comment(), forModerator: await comment() };
  const connectionToAnswer = await created(app, farmer, '/api/connections', { userId: buyer.user.id });
  const connections = {
    forAsker: await created(app, farmer, '/api/connections', { userId: delivery.user.id }),
    forAsked: await created(app, agent, '/api/connections', { userId: delivery.user.id }),
  };
  const savedSearchId = await created(app, buyer, '/api/saved-searches', { name: 'Beans' });
  const kindRequestId = await created(app, farmer, '/api/commodity-kind-requests', { name: 'Egusi' });
  const priceAlertId = await created(app, buyer, '/api/price-alerts', { commodity: 'maize', price: 300 });
  const device = () =>
    call(app, farmer.cookie, {
      method: 'POST',
      url: `/api/farms/${farmId}/devices`,
      payload: { name: 'Probe' },
    });
  const firstDevice = await device();
  const devices = { forOwner: firstDevice.json<{ id: number }>().id, forManager: (await device()).json().id };
  const keyDevice = await device();
  const tx = () =>
    created(app, farmer, `/api/farms/${farmId}/transactions`, {
      type: 'income',
      category: 'produce_sales',
      amount: 40,
      date: day(4),
    });
  const transactions = { forOwner: await tx(), forManager: await tx() };
  const reportId = await created(app, farmer, `/api/farms/${farmId}/reports`, { type: 'balance_sheet' });
  const sold = async () => {
    const id = await created(app, farmer, '/api/commodities', listing);
    const bid = await created(app, buyer, '/api/bids', { commodityId: id, price: 250, quantity: 1 });
    const res = await call(app, farmer.cookie, {
      method: 'PATCH',
      url: `/api/bids/${bid}`,
      payload: { status: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    const orders = await call(app, buyer.cookie, { method: 'GET', url: '/api/orders?as=buyer&limit=1' });
    return orders.json<{ id: number }[]>()[0]?.id ?? 0;
  };
  const orders = { driven: await sold(), toCancel: await sold(), toArrange: await sold() };
  const arranged = await call(app, farmer.cookie, {
    method: 'POST',
    url: `/api/orders/${orders.driven}/delivery`,
    payload: { driverId: delivery.user.id },
  });
  expect(arranged.statusCode).toBe(201);
  const deliveryId = arranged.json<{ delivery: { id: number } }>().delivery.id;
  const rated = await soldOrder(app, ctx, { farmer, buyer });
  await completeOrder(app, rated);
  const rating = await call(app, buyer.cookie, {
    method: 'PUT',
    url: `/api/orders/${rated.order.id}/rating`,
    payload: { score: 5 },
  });
  expect(rating.statusCode).toBe(200);
  const disputed = await disputedOrder(app, ctx, { farmer, buyer });
  const answered = await call(app, farmer.cookie, {
    method: 'POST',
    url: `/api/orders/${disputed.order.id}/dispute/reply`,
    payload: { note: 'Dry when loaded', photos: [tinyPng().toString('base64')] },
  });
  expect(answered.statusCode).toBe(201);
  const toPay = await sold();
  const escrowed = await paidIntoEscrowAndReleased(app, ctx, await sold(), { farmer, buyer });
  const linkToAnswer = await created(app, agent, '/api/agent-links', { farmerId: farmer.user.id });
  const linkToEnd = await created(app, agent, '/api/agent-links', {
    farmerId: (await registerUser(app)).user.id,
  });
  const linkTarget = (await registerUser(app)).user.id;
  const roleTarget = (await registerUser(app)).user.id;
  const memberTarget = (await registerUser(app)).user.id;
  const connectTargets: Record<string, number> = {};
  for (const who of PLATFORM) {
    connectTargets[who] = (await registerUser(app)).user.id;
  }
  return {
    sessions,
    farmId,
    listingId,
    bidToReject,
    requestId,
    posts,
    comments,
    connectionToAnswer,
    connections,
    savedSearchId,
    kindRequestId,
    priceAlertId,
    devices,
    deviceKey: keyDevice.json<{ key: string }>().key,
    transactions,
    reportId,
    roleTarget,
    memberTarget,
    removableMember: removable.user.id,
    connectTargets,
    orders,
    deliveryId,
    linkTarget,
    linkToAnswer,
    linkToEnd,
    ratedOrder: rated.order.id,
    ratingId: rating.json<{ id: number }>().id,
    disputePhoto: answered.json<TOrder>().dispute?.reply?.photos[0] ?? '',
    listingPhoto: withPhoto.json<TCommodity>().photos?.[0]?.url ?? '',
    postPhoto: postWithPhoto.json<TPost>().photos[0]?.thumb ?? '',
    toPay,
    ...escrowed,
    crops: await cropFixtures(app, sessions, farmId),
    stock: await stockFixtures(app, sessions),
    groups: await groupFixtures(sessions),
    agreements: await agreementFixtures(sessions),
    calendar: await calendarFixtures(sessions),
  };
}

/** The buyer's proposals to the farmer (maize, 5 t, from today): one answered by the farmer, accepted. */
async function agreementFixtures(sessions: Fixtures['sessions']): Promise<Fixtures['agreements']> {
  const { buyer, farmer } = sessions;
  const propose = () => created(t.app, buyer, '/api/forward-agreements', agreementBody(farmer.user.id));
  const accepted = await propose();
  const res = await call(t.app, farmer.cookie, {
    method: 'POST',
    url: `/api/forward-agreements/${accepted}/decision`,
    payload: { decision: 'accept' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { proposed: await propose(), toWithdraw: await propose(), accepted };
}

/** An invited person who accepts: an active member of the group (as `role`). */
async function joined(app: FastifyInstance, admin: Session, groupId: number, role = 'member') {
  const who = await registerUser(app);
  await activeMember(app, admin, groupId, who, role);
  return who;
}

async function activeMember(
  app: FastifyInstance,
  admin: Session,
  groupId: number,
  who: Session,
  role: string,
) {
  await created(app, admin, `/api/groups/${groupId}/members`, { userId: who.user.id, role });
  const res = await call(app, who.cookie, {
    method: 'POST',
    url: `/api/groups/${groupId}/members/${who.user.id}/decision`,
    payload: { accept: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function groupFixtures(sessions: Fixtures['sessions']): Promise<Fixtures['groups']> {
  const { app, ctx } = t;
  const { farmer, agent, buyer } = sessions;
  const group = await call(app, farmer.cookie, {
    method: 'POST',
    url: '/api/groups',
    payload: { name: 'Coop Menoua', kind: 'cooperative', region: 'West', crops: ['Maize'] },
  });
  expect(group.statusCode, group.body).toBe(201);
  const coop = group.json<TGroup>();
  const id = coop.id;
  await activeMember(app, farmer, id, agent, 'store_keeper');
  await activeMember(app, farmer, id, buyer, 'member');
  const proven = await joined(app, farmer, id);
  await proveNumber(ctx, proven, '+237670000001');
  const roleTarget = (await joined(app, farmer, id)).user.id;
  const removable = (await joined(app, farmer, id)).user.id;
  const requester = await registerUser(app);
  await created(app, requester, `/api/groups/${id}/members`, {});
  const storeId = await created(app, farmer, `/api/groups/${id}/stores`, { name: 'Magasin Dschang' });
  const intake = (memberId: number, grade: string, quantity: number) =>
    created(app, agent, `/api/groups/${id}/intakes`, { memberId, crop: 'Maize', grade, quantity, storeId });
  await intake(buyer.user.id, 'B', 2);
  const lotId = (
    await call(app, agent.cookie, { method: 'GET', url: `/api/groups/${id}/intakes?member=${buyer.user.id}` })
  ).json<{ data: TIntake[] }>().data[0]?.lotId;
  await intake(proven.user.id, 'B', 2);
  const toReverse: Partial<Record<Who, number>> = {};
  for (const who of ['farmer', 'agent'] as const) {
    toReverse[who] = await intake(buyer.user.id, 'A', 0.1);
  }
  const saleBuyer = await userWithRole(app, ctx, 'buyer');
  const sold = { group: coop, admin: farmer, members: [], keeper: agent, store: { id: storeId } as TStore };
  const firstOrder = await coopSale(t, sold, saleBuyer, { lotId: lotId ?? 0, quantity: 2 });
  const orderToSettle = await coopSale(t, sold, saleBuyer, { lotId: lotId ?? 0, quantity: 1 });
  return {
    id,
    storeId,
    inviteTarget: (await registerUser(app)).user.id,
    requester: requester.user.id,
    roleTarget,
    removable,
    postId: await created(app, farmer, `/api/groups/${id}/posts`, { body: 'Market day on Friday' }),
    toReverse,
    orderToSettle,
    settlementId: await created(app, farmer, `/api/groups/${id}/settlements`, { orderId: firstOrder }),
    paidMember: proven.user.id,
  };
}

/** A meeting of the farmer's co-operative in two hours, and another user's calendar feed. */
async function calendarFixtures(sessions: Fixtures['sessions']): Promise<Fixtures['calendar']> {
  const { app } = t;
  const mine = await call(app, sessions.farmer.cookie, { method: 'GET', url: '/api/groups?mine=true' });
  const coop = mine.json<{ data: TGroup[] }>().data.find((g) => g.name === 'Coop Menoua');
  const meetingId = await created(app, sessions.farmer, '/api/calendar', {
    kind: 'coop_meeting',
    title: 'General assembly',
    startsAt: daysAgo(-2 / 24).toISOString(),
    endsAt: daysAgo(-4 / 24).toISOString(),
    place: { name: 'Dschang' },
    groupId: coop?.id,
  });
  const other = await registerUser(app);
  const feed = await call(app, other.cookie, { method: 'POST', url: '/api/calendar/feed' });
  const feedToken = /feed\/([^/]+)\.ics$/.exec(feed.json<{ url: string }>().url)?.[1] ?? '';
  return { meetingId, feedToken };
}

/**
 * The farmer's home store with a keeper per caller who may remove one and a lot of 10 t with a photo; a deposit of
 * the farmer's in a manager's co-op store, with its receipt.
 */
async function stockFixtures(
  app: FastifyInstance,
  sessions: Fixtures['sessions'],
): Promise<Fixtures['stock']> {
  const { farmer, manager } = sessions;
  const storeId = await created(app, farmer, '/api/stores', { name: 'Grenier', kind: 'home' });
  const toRemove: Partial<Record<Who, number>> = {};
  for (const who of ['farmer', 'agent', 'manager'] as const) {
    toRemove[who] = (await registerUser(app)).user.id;
    await created(app, farmer, `/api/stores/${storeId}/keepers`, { userId: toRemove[who] });
  }
  const lot = await call(app, farmer.cookie, {
    method: 'POST',
    url: '/api/lots',
    payload: { storeId, crop: 'Maize', grade: 'A', quantity: 10, photos: [photoPair()] },
  });
  expect(lot.statusCode, lot.body).toBe(201);
  const coopId = await created(app, manager, '/api/stores', { name: 'Co-op', kind: 'coop' });
  const deposit = await call(app, manager.cookie, {
    method: 'POST',
    url: '/api/lots',
    payload: { storeId: coopId, ownerId: farmer.user.id, crop: 'Maize', grade: 'B', quantity: 2 },
  });
  expect(deposit.statusCode, deposit.body).toBe(201);
  return {
    storeId,
    keeperTarget: (await registerUser(app)).user.id,
    toRemove,
    lotId: lot.json<{ id: number }>().id,
    photoUrl: lot.json<{ photos: { url: string }[] }>().photos[0]?.url ?? '',
    receiptCode: deposit.json<{ receipt: { code: string } }>().receipt.code,
  };
}

/**
 * The farm's first plot and plan (from its crop) shrunk to half a hectare, so that plots fit beside it; a plot to
 * plan on with a plan to abandon per caller who may; a task; an expense to link.
 */
async function cropFixtures(
  app: FastifyInstance,
  sessions: Fixtures['sessions'],
  farmId: number,
): Promise<Fixtures['crops']> {
  const { farmer } = sessions;
  const send = async (method: 'GET' | 'PATCH', url: string, payload?: object) => {
    const res = await call(app, farmer.cookie, { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const [plan] = (await send('GET', `/api/farms/${farmId}/crop-plans`)).plans as {
    id: number;
    plotId: number;
  }[];
  if (!plan) {
    throw new Error('fixture: the farm has no first plan');
  }
  await send('PATCH', `/api/crop-plans/${plan.id}`, { area: 0.5 });
  await send('PATCH', `/api/farms/${farmId}/plots/${plan.plotId}`, { area: 0.5 });
  const cropPlotId = await created(app, farmer, `/api/farms/${farmId}/plots`, {
    name: 'Lower field',
    area: 1,
  });
  const toAbandon: Partial<Record<Who, number>> = {};
  for (const who of ['farmer', 'farmManager', 'agent'] as const) {
    toAbandon[who] = await created(app, farmer, `/api/farms/${farmId}/crop-plans`, {
      plotId: cropPlotId,
      crop: 'groundnut',
      area: 0.2,
      plantingDate: day(5),
    });
  }
  return {
    plotId: plan.plotId,
    cropPlotId,
    planId: plan.id,
    toAbandon,
    taskId: await created(app, farmer, `/api/farms/${farmId}/tasks`, {
      title: 'Check the store',
      due: day(1),
    }),
    expenseId: await created(app, farmer, `/api/farms/${farmId}/transactions`, {
      type: 'expense',
      category: 'fertilizer',
      amount: 30,
      date: day(6),
    }),
  };
}

/**
 * The buyer pays the order by MTN into escrow, the farmer hands it over with the buyer's code, the buyer releases
 * the escrow at once: the farmer's payout waits for a manager (the farmer has no proven number).
 */
async function paidIntoEscrowAndReleased(
  app: FastifyInstance,
  ctx: TestApp['ctx'],
  orderId: number,
  parties: { farmer: Session; buyer: Session },
): Promise<{ mobilePaymentId: number; waitingPayout: number }> {
  const { farmer, buyer } = parties;
  const mobilePaymentId = await created(app, buyer, `/api/orders/${orderId}/mobile-payments`, {
    provider: 'mtn_momo',
    phone: '237670000002',
  });
  await workQueue(ctx);
  const arranged = await call(app, farmer.cookie, {
    method: 'POST',
    url: `/api/orders/${orderId}/delivery`,
    payload: { mode: 'pickup' },
  });
  expect(arranged.statusCode).toBe(201);
  const code = (await orderOf(t, buyer, orderId)).handoverCode;
  const delivered = await call(app, farmer.cookie, {
    method: 'PATCH',
    url: `/api/deliveries/${arranged.json<TOrder>().delivery?.id}`,
    payload: { status: 'delivered', code },
  });
  expect(delivered.statusCode).toBe(200);
  const released = await call(app, buyer.cookie, { method: 'POST', url: `/api/orders/${orderId}/release` });
  expect(released.statusCode, released.body).toBe(200);
  const [payout] = released.json<TOrder>().payouts;
  expect(payout).toMatchObject({ kind: 'seller', status: 'pending', failureReason: 'no_proven_number' });
  return { mobilePaymentId, waitingPayout: payout?.id ?? 0 };
}

async function cookieFor(who: Who, fresh: boolean): Promise<string | null> {
  if (who === 'anonymous') {
    return null;
  }
  const s = f.sessions[who];
  if (!fresh) {
    return s.cookie;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextIp(),
    payload: { username: s.user.username, password: s.password },
  });
  return sessionCookie(res);
}

/** SSE never ends, so its status is read from a real socket, then the socket is closed. */
async function streamStatus(cookie: string | null): Promise<number> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/events', headers: cookie ? { cookie } : {} },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function matches(status: number, expected: Expect): boolean {
  if (expected === 'ok') {
    return status >= 200 && status < 300;
  }
  if (expected === 'allowed') {
    return status < 500 && ![401, 403, 404].includes(status);
  }
  return status === expected;
}

beforeAll(async () => {
  // Mobile money on the stand-in, so that its routes reach their handlers; the tests work the queue themselves.
  stand = await startPaymentsStandIn();
  t = await createTestApp({ PAYMENTS_POLL_MS: '600000', ...momoEnv(stand), ...orangeEnv(stand) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  f = await buildFixtures();
}, 120_000);

afterAll(async () => {
  await t.close();
  await stand.close();
});

describe('permission matrix', () => {
  it('has exactly one row per /api route', () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(
      routes.filter((r) => !(r in TABLE)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((k) => !routes.includes(k)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it('answers every route × role exactly as the table says', async () => {
    const failures: string[] = [];
    let checks = 0;
    // In the table's order, whatever order the modules register their routes in: a call that changes what a role
    // may do later (the farmer accepting the agent's link) comes after the rows that expect the state before it.
    const routesByKey = new Map(apiRoutes(t.app).map((r) => [`${r.method} ${r.url}`, r]));
    for (const [key, row] of Object.entries(TABLE)) {
      const route = routesByKey.get(key);
      if (!route) {
        continue;
      }
      const isFarmRoute = route.url.startsWith('/api/farms/:id') || row.farmRoles === true;
      const who = [...PLATFORM, ...(isFarmRoute ? FARM_ROLES : [])];
      // Denied callers first: an allowed call may use the resource up (delete, accept, reverse).
      const ordered = [...who].sort(
        (a, b) => Number(typeof row.expect[a] !== 'number') - Number(typeof row.expect[b] !== 'number'),
      );
      for (const caller of ordered) {
        const expected = row.expect[caller];
        if (expected === undefined) {
          failures.push(`${key} as ${caller}: no expectation`);
          continue;
        }
        const cookie = await cookieFor(caller, row.freshSession ?? false);
        let status: number;
        let body = '';
        let renewed: string | null = null;
        if (key === 'GET /api/events') {
          status = await streamStatus(cookie);
        } else {
          const payload = row.body?.(f, caller);
          const res = await call(t.app, cookie, {
            method: route.method as 'GET',
            url: row.url(f, caller),
            remoteAddress: nextIp(),
            headers: row.headers?.(f) ?? {},
            ...(payload === undefined
              ? {}
              : typeof payload === 'string'
                ? { body: payload }
                : { payload: payload as object }),
          });
          status = res.statusCode;
          body = res.body.slice(0, 160);
          renewed = res.cookies.some((c) => c.name === 'terroir_sid') ? sessionCookie(res) : null;
        }
        checks += 1;
        if (row.endsOtherSessions && renewed && caller !== 'anonymous') {
          f.sessions[caller].cookie = renewed;
        }
        if (!matches(status, expected)) {
          failures.push(`${key} as ${caller}: expected ${expected}, got ${status} ${body}`);
        }
      }
    }
    console.log(`permission matrix: ${checks} route × role checks`);
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(400);
    // Some 500 requests one after another: past the default 30 s on a loaded machine.
  }, 180_000);

  it('refuses device ingestion without a valid device key, whoever is signed in', async () => {
    for (const caller of PLATFORM) {
      for (const authorization of [undefined, 'Bearer wrong-key', `Basic ${f.deviceKey}`]) {
        const res = await call(t.app, await cookieFor(caller, false), {
          method: 'POST',
          url: '/api/devices/sensor-data',
          headers: authorization ? { authorization } : {},
          payload: reading(),
        });
        expect(res.statusCode).toBe(401);
      }
    }
  });
});
