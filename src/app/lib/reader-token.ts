// The reader-token call of spec §7, shared by the app (which opens the reader) and the reader
// (which renews its token and opens issues reached by a plain link).
import { callApi } from './api';
import { session, storedUser } from './session';
import { DEFAULT_STORE_ID, READER_AGE_RATING } from '../../shared/constants';
import type { ReaderTokenBody } from '../../shared/schemas/reader';

export async function requestReaderToken(issueId: number, opts: { page?: number; lang?: 'en' | 'hi'; isNews?: boolean } = {}) {
  const body: ReaderTokenBody = {
    user_id: storedUser()?.uid,
    issue: issueId,
    store_id: DEFAULT_STORE_ID,
    readtype: 'reader',
    userLang: opts.lang ?? 'en',
    isnews: opts.isNews ? 1 : 0,
    ageRating: READER_AGE_RATING,
    device: 'web',
    lib_id: Number(session.institutionId()) || 0,
    page: opts.page,
  };
  const { readerToken } = await import('../../shared/endpoints/reader'); // (see lib/api.ts)
  return (await callApi(readerToken, { body })).data;
}
