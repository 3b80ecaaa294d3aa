// The plans' four screens as one lazy module with one component that shows the one its path
// names: the router (in the home route's JS, at its size budget) then carries one short entry
// per path and one set of chunks for all of them.
import { useLocation } from 'react-router';
import PlansPage from './PlansPage';
import OrdersPage from './OrdersPage';
import { PaymentFailedPage, PaymentSuccessPage } from './PaymentResult';

/** By the path the router matched (router.tsx), without the /hi prefix. */
const SCREENS: Record<string, () => React.JSX.Element | null> = {
  plans: PlansPage,
  'plans/orders': OrdersPage,
  paymentsuccess: PaymentSuccessPage,
  paymentfailed: PaymentFailedPage,
};

export default function PlansScreens() {
  const path = useLocation().pathname.replace(/^\/(hi\/)?|\/$/g, '');
  const Screen = SCREENS[path] ?? PlansPage;
  return <Screen />;
}
