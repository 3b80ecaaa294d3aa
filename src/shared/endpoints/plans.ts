// Personal plans and their payment.
import { get, post } from './endpoint';
import { CheckoutBody, CheckoutReply, OrderBody, OrderView, OrdersReply, PlansReply } from '../schemas/payments';

export const plans = get('/api/plans', { reply: PlansReply });
export const lecternCheckout = post('/api/lecternCheckout', {
  body: CheckoutBody,
  reply: CheckoutReply,
  errors: [400, 401, 403, 404, 409, 429, 503],
});
export const order = post('/api/order', { body: OrderBody, reply: OrderView, errors: [400, 401, 403, 404, 409, 429, 503] });
export const orders = get('/api/orders', { reply: OrdersReply, errors: [400, 401, 403, 404, 409, 429, 503] });
