// Reading: the reader's token, progress and downloads, My Shelf, zones and Web Push.
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
import { ContinueQuery, ContinueReply } from '../schemas/shelf';
import {
  DownloadBody,
  DownloadReply,
  DownloadsQuery,
  DownloadsReply,
  Progress,
  ProgressBody,
  ReaderEventsBody,
  ReaderEventsReply,
  ReaderTokenBody,
  ReaderTokenReply,
  RemoveDownloadsBody,
} from '../schemas/reader';

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
export const shelfContinue = get('/api/shelf/continue', { query: ContinueQuery, reply: ContinueReply, errors: [400, 401, 429] });
export const readerToken = post('/api/reader/token', { body: ReaderTokenBody, reply: ReaderTokenReply, errors: [400, 401, 403, 404, 429] });
export const readerProgress = post('/api/reader/progress', { body: ProgressBody, reply: Progress, errors: [400, 401, 403, 404, 429] });
export const readerEvents = post('/api/reader/events', {
  body: ReaderEventsBody,
  reply: ReaderEventsReply,
  errors: [400, 401, 403, 404, 429],
});
export const readerDownloads = get('/api/reader/downloads', {
  query: DownloadsQuery,
  reply: DownloadsReply,
  errors: [400, 401, 403, 404, 429],
});
export const readerDownloadsAdd = post('/api/reader/downloads', {
  body: DownloadBody,
  reply: DownloadReply,
  errors: [400, 401, 403, 404, 429],
});
export const readerDownloadsRemove = post('/api/reader/downloads/remove', {
  body: RemoveDownloadsBody,
  reply: OkReply,
  errors: [400, 401, 403, 404, 429],
});
