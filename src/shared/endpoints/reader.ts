// The reader: its token, reading progress and events, and downloads for offline reading.
import { get, post } from './endpoint';
import {
  DownloadBody,
  DownloadReply,
  DownloadsQuery,
  DownloadsReply,
  IssueManifest,
  IssueParams,
  PageImageParams,
  PageParams,
  PageText,
  Progress,
  ProgressBody,
  ReaderCodeQuery,
  ReaderEventsBody,
  ReaderEventsReply,
  ReaderTokenBody,
  ReaderTokenReply,
  RemoveDownloadsBody,
} from '../schemas/reader';
import { OkReply } from '../schemas/account';

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

// What a reader token opens, under /content/reader: the issue, its page texts and page images (a
// file, not checked).
export const readerIssue = get('/content/reader/:issueId', {
  params: IssueParams,
  query: ReaderCodeQuery,
  reply: IssueManifest,
  errors: [400, 401, 403, 404, 429],
});
export const readerPageText = get('/content/reader/:issueId/pages/:page/text', {
  params: PageParams,
  query: ReaderCodeQuery,
  reply: PageText,
  errors: [400, 401, 403, 404, 429],
});
export const readerPageImage = get('/content/reader/:issueId/pages/:page/:size', {
  params: PageImageParams,
  query: ReaderCodeQuery,
  reply: null,
});
