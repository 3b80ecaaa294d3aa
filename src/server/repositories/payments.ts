// Plans, orders and the provider's events. An order moves created → paid | failed once, in one
// guarded statement, so two deliveries of the same news (or of two events about one order) change
// it once; there is no way back and no refund (spec §1: all sales final). A paid order is a
// personal entitlement for its period, opening what its plan opened when it was bought.
import type { Queryable } from '../db/index';
import { opensTitle } from './opens';

export type OrderState = 'created' | 'paid' | 'failed';

export interface Plan {
  id: number;
  code: string;
  name: string;
  nameHi: string | null;
  periodDays: number;
  priceMinor: number;
  currency: string;
  opens: Record<string, unknown>;
}

export interface Order {
  id: number;
  publicId: string;
  userId: number;
  planId: number;
  planName: string;
  planNameHi: string | null;
  amountMinor: number;
  currency: string;
  periodDays: number;
  state: OrderState;
  createdAt: Date;
  decidedAt: Date | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

const PLAN_COLUMNS = `id, code, name, name_hi AS "nameHi", period_days AS "periodDays", price_minor AS "priceMinor", currency, opens`;
const ORDER_COLUMNS = `o.id::int AS id, o.public_id::text AS "publicId", o.user_id AS "userId", o.plan_id AS "planId",
  p.name AS "planName", p.name_hi AS "planNameHi", o.amount_minor AS "amountMinor", o.currency,
  o.period_days AS "periodDays", o.state, o.created_at AS "createdAt", o.decided_at AS "decidedAt",
  o.starts_at AS "startsAt", o.ends_at AS "endsAt"`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listPlans(db: Queryable): Promise<Plan[]> {
  return (await db.query<Plan>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE active ORDER BY sort, id`)).rows;
}

export async function activePlan(db: Queryable, planId: number): Promise<Plan | null> {
  return (await db.query<Plan>(`SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1 AND active`, [planId])).rows[0] ?? null;
}

/** A new order at the plan's price of now. */
export async function createOrder(db: Queryable, userId: number, plan: Plan, provider: string): Promise<Order> {
  const { rows } = await db.query<{ publicId: string }>(
    `INSERT INTO orders (user_id, plan_id, amount_minor, currency, period_days, opens, provider)
     SELECT $1, id, price_minor, currency, period_days, opens, $3 FROM plans WHERE id = $2
     RETURNING public_id::text AS "publicId"`,
    [userId, plan.id, provider],
  );
  return (await orderByPublicId(db, rows[0].publicId))!;
}

export async function setProviderRef(db: Queryable, orderId: number, ref: string): Promise<void> {
  await db.query('UPDATE orders SET provider_ref = $2 WHERE id = $1', [orderId, ref]);
}

export async function orderByPublicId(db: Queryable, publicId: string): Promise<Order | null> {
  if (!UUID.test(publicId)) return null;
  const { rows } = await db.query<Order>(
    `SELECT ${ORDER_COLUMNS} FROM orders o JOIN plans p ON p.id = o.plan_id WHERE o.public_id = $1::uuid`,
    [publicId],
  );
  return rows[0] ?? null;
}

/** A reader's orders, newest first. */
export async function userOrders(db: Queryable, userId: number, limit = 50): Promise<Order[]> {
  const { rows } = await db.query<Order>(
    `SELECT ${ORDER_COLUMNS} FROM orders o JOIN plans p ON p.id = o.plan_id
     WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/** Marks a created order paid (its period starts now, or where the same reader's paid period of
 * the same plan ends, so buying again extends) or failed. Null when the order was not 'created'
 * any more: the statement's WHERE is the state machine. */
export async function decideOrder<S extends 'paid' | 'failed'>(db: Queryable, orderId: number, to: S): Promise<S | null> {
  const { rows } = await db.query<{ state: S }>(
    to === 'paid'
      ? `UPDATE orders o SET state = 'paid', decided_at = now(),
           starts_at = GREATEST(now(), COALESCE((SELECT max(x.ends_at) FROM orders x
             WHERE x.user_id = o.user_id AND x.plan_id = o.plan_id AND x.state = 'paid'), now())),
           ends_at = GREATEST(now(), COALESCE((SELECT max(x.ends_at) FROM orders x
             WHERE x.user_id = o.user_id AND x.plan_id = o.plan_id AND x.state = 'paid'), now()))
             + make_interval(days => o.period_days)
         WHERE o.id = $1 AND o.state = 'created' RETURNING o.state`
      : `UPDATE orders SET state = 'failed', decided_at = now() WHERE id = $1 AND state = 'created' RETURNING state`,
    [orderId],
  );
  return rows[0]?.state ?? null;
}

/** Holds the buyer's row until the transaction ends: two payments of one reader are then decided
 * one after the other, so the second period starts where the first, now committed, ends. */
export async function lockBuyer(db: Queryable, userId: number): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** Records a provider event by its id; false when it was there already (a replay). */
export async function recordEvent(
  db: Queryable,
  e: { eventId: string; provider: string; type: string; orderId: number | null; outcome: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO payment_events (event_id, provider, type, order_id, outcome) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
    [e.eventId, e.provider, e.type, e.orderId, e.outcome],
  );
  return rows.length === 1;
}

export async function setEventOutcome(db: Queryable, eventId: string, orderId: number | null, outcome: string): Promise<void> {
  await db.query('UPDATE payment_events SET order_id = $2, outcome = $3 WHERE event_id = $1', [eventId, orderId, outcome]);
}

/** The reader's paid plan period now running that opens a title (its sections or category), or null. */
export async function planOpening(
  db: Queryable,
  userId: number,
  title: { mid: number; catId: number; sections: string[] },
): Promise<{ orderId: number; endsAt: Date } | null> {
  const { rows } = await db.query<{ id: number; ends_at: Date }>(
    `SELECT id::int AS id, ends_at FROM orders
     WHERE user_id = $1 AND state = 'paid' AND starts_at <= now() AND ends_at > now()
       AND ${opensTitle('opens', { mid: '$2', catId: '$3', sections: '$4' })}
     ORDER BY ends_at DESC LIMIT 1`,
    [userId, title.mid, title.catId, title.sections],
  );
  return rows[0] ? { orderId: rows[0].id, endsAt: rows[0].ends_at } : null;
}

/** Whether the reader has a paid plan period running now (whatever it opens). */
export async function hasRunningPlan(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM orders WHERE user_id = $1 AND state = 'paid' AND starts_at <= now() AND ends_at > now() LIMIT 1`,
    [userId],
  );
  return rows.length > 0;
}

/** The address the provider's checkout may fill in for the buyer (null: signed in by mobile). */
export async function buyerEmail(db: Queryable, userId: number): Promise<string | null> {
  return (await db.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email ?? null;
}
