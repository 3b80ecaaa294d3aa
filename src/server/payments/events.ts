// A verified provider event applied to its order, in one transaction: the event's id is recorded
// first (a replay, even one racing the first delivery, finds it and changes nothing), then the
// order moves created → paid | failed once. This is the only code that marks an order paid.
import type { Db } from '../db/index';
import { decideOrder, lockBuyer, orderByPublicId, recordEvent, setEventOutcome } from '../repositories/payments';
import type { PaymentEvent } from './provider';

export type EventOutcome =
  'duplicate' | 'ignored' | 'pending' | 'unknown_order' | 'amount_mismatch' | 'already_decided' | 'paid' | 'failed';

export async function applyPaymentEvent(db: Db, provider: string, e: PaymentEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, { eventId: e.id, provider, type: e.type, orderId: null, outcome: 'received' }))) return 'duplicate';
    const order = e.orderPublicId ? await orderByPublicId(tx, e.orderPublicId) : null;
    const outcome = await decide(tx, e, order);
    await setEventOutcome(tx, e.id, order?.id ?? null, outcome);
    return outcome;
  });
}

async function decide(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  e: PaymentEvent,
  order: Awaited<ReturnType<typeof orderByPublicId>>,
): Promise<EventOutcome> {
  if (e.outcome === 'ignored' || e.outcome === 'pending') return e.outcome;
  if (!order) return 'unknown_order';
  // Paid means paid in full, in the order's currency: anything else is looked at by a person.
  if (e.outcome === 'paid' && (e.amountMinor !== order.amountMinor || e.currency !== order.currency)) return 'amount_mismatch';
  if (e.outcome === 'paid') await lockBuyer(tx, order.userId);
  return (await decideOrder(tx, order.id, e.outcome)) ?? 'already_decided';
}
