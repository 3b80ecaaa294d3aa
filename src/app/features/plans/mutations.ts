// Buying a plan: the server creates the order and the provider's checkout, and the reader goes
// there (the provider sends them back to /paymentsuccess or /paymentfailed).
import { useMutation } from '@tanstack/react-query';
import { CheckoutReply } from '../../../shared/schemas/payments';
import { apiPost } from '../../lib/api';
import { refreshSession } from '../login/flow';

export function useCheckout(lang: 'en' | 'hi') {
  return useMutation({
    mutationFn: (planId: number) => apiPost('/api/lecternCheckout', CheckoutReply, { page: 'basicPlan', planId, lang }),
    onSuccess: (reply) => window.location.assign(reply.data.url),
  });
}

/** A paid order: the stored details learn the plan's end, so the library guard and search let
 * the reader in. */
export function useLearnPlan() {
  return useMutation({ mutationFn: () => refreshSession(2, () => undefined) });
}
