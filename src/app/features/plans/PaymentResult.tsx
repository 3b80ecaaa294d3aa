// /paymentsuccess and /paymentfailed, where the provider's checkout sends the reader back with
// ?order=…: what really happened to that order. "Back from the checkout" is not "paid": only the
// provider's webhook marks an order paid, so while the order is still 'created' the success page
// asks again every few seconds for a minute; the failed page (the reader left the checkout) says
// nothing was charged unless the order was paid after all.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLocalePath } from '../../components/useLocalePath';
import { ApiError } from '../../lib/api';
import { session } from '../../lib/session';
import { StatusPage } from '../info/StatusPages';
import { usePlansTexts } from './texts';
import { orderQuery, POLL_FOR_MS } from './queries';
import { useLearnPlan } from './mutations';
import { formatDate, planName } from './format';
import { appPaths } from '../../../shared/app-paths';

function PaymentResult({ cameBack }: { cameBack: 'success' | 'cancel' }) {
  const { t, lang, ready } = usePlansTexts();
  const to = useLocalePath();
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const [since] = useState(() => Date.now());
  const order = useQuery(orderQuery(id, since));
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  // Paid: the stored details learn the plan's end, so the library guard and search let the reader in.
  const paid = order.data?.state === 'paid';
  const learnPlan = useLearnPlan();
  useEffect(() => {
    if (paid) learnPlan.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the order is paid
  }, [paid]);
  if (!ready) return null;

  const actions = (...links: { to: string; label: string; ghost?: boolean }[]) => (
    <div className="info__actions">
      {links.map((l) => (
        <Link key={l.to} className={l.ghost ? 'button button--ghost' : 'button'} to={to(l.to)}>
          {l.label}
        </Link>
      ))}
    </div>
  );
  const orders = { to: appPaths.orders, label: t('orders.link'), ghost: true };
  const plans = { to: appPaths.plans, label: t('result.tryAgain') };

  if (!id)
    return (
      <StatusPage ok={false} title={t('result.noOrderTitle')} body={t('result.noOrderBody')}>
        {actions(orders)}
      </StatusPage>
    );
  if (!session.isLoggedIn())
    return (
      <StatusPage ok={false} title={t('result.unknownTitle')} body={t('result.signInBody')}>
        {actions({ to: appPaths.login, label: t('result.signIn') })}
      </StatusPage>
    );
  if (order.error instanceof ApiError && order.error.status < 500)
    return (
      <StatusPage ok={false} title={t('result.unknownTitle')} body={t('result.unknownBody')}>
        {actions(orders)}
      </StatusPage>
    );
  const o = order.data;
  if (o?.state === 'paid')
    return (
      <StatusPage
        ok
        title={t('result.paidTitle')}
        body={t('result.paidBody', { plan: planName(o, lang), date: formatDate(o.endsAt!, lang) })}
      >
        {actions({ to: '/', label: t('result.startReading') }, orders)}
      </StatusPage>
    );
  if (o?.state === 'failed')
    return (
      <StatusPage ok={false} title={t('result.failedTitle')} body={t('result.failedBody')}>
        {actions(plans, orders)}
      </StatusPage>
    );
  if (cameBack === 'cancel')
    return (
      <StatusPage ok={false} title={t('result.cancelledTitle')} body={t('result.cancelledBody')}>
        {actions(plans, orders)}
      </StatusPage>
    );
  // Still created (or not known yet): waiting for the webhook, then "not confirmed yet".
  return timedOut && !order.isFetching ? (
    <StatusPage ok={false} title={t('result.slowTitle')} body={t('result.slowBody')}>
      {actions(orders)}
    </StatusPage>
  ) : (
    <div aria-busy="true">
      <StatusPage ok title={t('result.waitingTitle')} body={t('result.waitingBody')} />
    </div>
  );
}

export const PaymentSuccessPage = () => <PaymentResult cameBack="success" />;
export const PaymentFailedPage = () => <PaymentResult cameBack="cancel" />;
