// The service itself: its health, the app's store links, and the usage events the app reports.
import { get, post } from './endpoint';
import { EventBody, ViewEventBody } from '../schemas/events';
import { OkReply } from '../schemas/account';
import { AppStores } from '../schemas/app-links';

export const health = get('/api/health', { reply: null });
export const events = post('/api/events', { body: EventBody, reply: OkReply, errors: [400, 403, 429] });
export const eventsView = post('/api/events/view', { body: ViewEventBody, reply: OkReply, errors: [400, 403, 404, 429] });
export const appStores = get('/api/app/stores', { reply: AppStores });
