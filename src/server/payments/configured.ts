// Which payment provider the configuration names; null when no keys are set: payments are then
// "not configured" and no checkout starts. Kept apart from the interface (provider.ts), which each
// adapter imports, so the two do not import each other.
import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe';

export function paymentProvider(config: Config): PaymentProvider | null {
  const { stripeSecretKey, stripeWebhookSecret } = config;
  if (!stripeSecretKey || !stripeWebhookSecret) return null;
  return stripeProvider({ secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret, apiUrl: config.stripeApiUrl });
}
