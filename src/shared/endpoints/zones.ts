// Smart Reading Zones: nearby zones, passes, arrival, and the Web Push that tells of one.
import { get, post } from './endpoint';
import {
  HereBody,
  PassesReply,
  PingBody,
  PushKeyReply,
  PushSubscribeBody,
  PushSubscribeReply,
  PushUnsubscribeBody,
  ZonesQuery,
  ZonesReply,
} from '../schemas/zones';
import { OkReply } from '../schemas/account';
import { ArrivalParams, ArrivalReply } from '../schemas/network-arrivals';

export const pushKey = get('/api/push/key', { reply: PushKeyReply });
export const pushSubscriptions = post('/api/push/subscriptions', {
  body: PushSubscribeBody,
  reply: PushSubscribeReply,
  errors: [400, 401, 403, 429],
});
export const pushSubscriptionsRemove = post('/api/push/subscriptions/remove', {
  body: PushUnsubscribeBody,
  reply: OkReply,
  errors: [400, 401, 403, 429],
});
export const zones = get('/api/zones', { query: ZonesQuery, reply: ZonesReply, errors: [400, 401, 403, 404, 429] });
export const zonesPasses = get('/api/zones/passes', { reply: PassesReply, errors: [400, 401, 403, 404, 429] });
export const zonesHere = post('/api/zones/here', { body: HereBody, reply: PassesReply, errors: [400, 401, 403, 404, 429] });
export const zonesPing = post('/api/zones/ping', { body: PingBody, reply: PassesReply, errors: [400, 401, 403, 404, 429] });
export const zonesArrivals = post('/api/zones/:id/arrivals', {
  params: ArrivalParams,
  reply: ArrivalReply,
  errors: [400, 401, 404, 409, 415, 429],
});
