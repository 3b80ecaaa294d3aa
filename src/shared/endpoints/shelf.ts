// My Shelf: the issues the reader started.
import { get } from './endpoint';
import { ContinueQuery, ContinueReply } from '../schemas/shelf';

export const shelfContinue = get('/api/shelf/continue', { query: ContinueQuery, reply: ContinueReply, errors: [400, 401, 429] });
