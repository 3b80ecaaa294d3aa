// Buying a plan: the server creates the order and the provider's checkout, and the reader goes
// there (the provider sends them back to /paymentsuccess or /paymentfailed).
import { useMutation } from '@tanstack/react-query';
import { refreshSession } from '../login/flow';
import { lecternCheckout } from '../../../shared/endpoints/plans';
import { callApi } from '../../lib/api';

export function useCheckout(lang: 'en' | 'hi') {
  return useMutation({
    mutationFn: (planId: number) => callApi(lecternCheckout, { body: { page: 'basicPlan', planId, lang } }),
    onSuccess: (reply) => window.location.assign(reply.data.url),
  });
}

/** A paid order: the stored details learn the plan's end, so the library guard and search let
 * the reader in. */
export function useLearnPlan() {
  return useMutation({ mutationFn: () => refreshSession(2, () => undefined) });
}
