// The payment provider behind a small adapter: the routes and the order state machine know only
// this interface, so another provider (Razorpay) is one more file (and a line in configured.ts).
/** What a verified provider event means for an order. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The order's public id, as the checkout gave it to the provider; null when the event names none. */
  orderPublicId: string | null;
  /** paid / failed decide the order; pending and ignored change nothing. */
  outcome: 'paid' | 'failed' | 'pending' | 'ignored';
  /** What the provider says was paid (checked against the order before it is marked paid). */
  amountMinor: number | null;
  currency: string | null;
}

export interface CheckoutRequest {
  orderPublicId: string;
  amountMinor: number;
  currency: string;
  planName: string;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  name: string;
  /** Creates the provider's hosted checkout for an order; the reader is sent to `url`. */
  createCheckout(req: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /** The event in a webhook's raw body, after the SDK has verified its signature; throws
   * InvalidSignature when it does not verify. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

export class InvalidSignature extends Error {}
