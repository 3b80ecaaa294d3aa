// Personal plans and their orders (spec §7 `{product}Checkout` with page=basicPlan and
// `order` with type 3): what the app sends and receives.
import { z } from 'zod';
import { int } from './fields';

export const ORDER_STATES = ['created', 'paid', 'failed'] as const;

export const PlanView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameHi: z.string().nullable(),
  periodDays: z.number(),
  priceMinor: z.number(),
  currency: z.string(),
  /** What it opens: every section, or some of magazines / newspapers / journals. */
  opens: z.object({ all: z.boolean().optional(), sections: z.array(z.string()).optional() }),
});
export type PlanView = z.infer<typeof PlanView>;

/** The plans on sale, and whether a payment provider is configured to sell them. */
export const PlansReply = z.object({ configured: z.boolean(), plans: z.array(PlanView) });
export type PlansReply = z.infer<typeof PlansReply>;

/** `lang` picks the locale of the pages the provider sends the reader back to. */
export const CheckoutBody = z.object({ page: z.literal('basicPlan'), planId: int(1), lang: z.enum(['en', 'hi']).optional() });
export const CheckoutReply = z.object({
  status: z.literal('success'),
  data: z.object({ order: z.string(), url: z.string() }),
});

/** An order as its buyer sees it: the state, and the reading period once paid. */
export const OrderView = z.object({
  order: z.string(),
  planName: z.string(),
  planNameHi: z.string().nullable(),
  amountMinor: z.number(),
  currency: z.string(),
  state: z.enum(ORDER_STATES),
  createdAt: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type OrderView = z.infer<typeof OrderView>;

/** `order` with type 3: one order of the signed-in reader, by the id the checkout gave. */
export const OrderBody = z.object({ type: z.literal(3), order: z.uuid() });
export const OrdersReply = z.object({ orders: z.array(OrderView) });
