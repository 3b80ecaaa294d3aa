// "Continue reading": the issues this reader started, with the page they stopped at. The
// server knows every device's progress and the issues' names and covers; this device's own
// progress (saved by the reader at once, sent shortly after) is newer when it is, and is named
// to the server so an issue read a moment ago shows before its progress has been sent.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api';
import { session, storedUser } from '../../lib/session';
import { deviceProgress, lecternDb, STORES, type LocalProgress } from '../../db/index';
import type { ContinueItem } from '../../../shared/schemas/shelf';
import { CONTINUE_ISSUES_MAX } from '../../../shared/constants';
import { mergeProgress } from './merge';
import { noteContinue } from './expected';
export type { ShelfItem } from './merge';

export const shelfKeys = {
  all: ['shelf'] as const,
  continue: (uuid: string) => [...shelfKeys.all, uuid, 'continue'] as const,
};

async function localProgress(): Promise<LocalProgress[]> {
  const all = await (await lecternDb()).getAll(STORES.progress);
  return all.sort((a, b) => b.at - a.at).slice(0, CONTINUE_ISSUES_MAX);
}

/** Offline: the downloaded issues this device has progress for are all it can name. */
async function fromDownloads(local: LocalProgress[]): Promise<ContinueItem[]> {
  const db = await lecternDb();
  const records = await Promise.all(local.map((p) => db.get(STORES.downloads, p.issueId)));
  return records.flatMap((d) =>
    d
      ? [
          {
            issueId: d.issueId,
            mid: d.mid,
            titleName: d.titleName,
            issueName: d.issueName,
            pages: d.pages,
            page: null,
            at: null,
            imageSrc: d.cover,
            imageSrcSet: d.coverSrcSet ?? null,
          },
        ]
      : [],
  );
}

export function continueQuery() {
  const uuid = session.isLoggedIn() ? (storedUser()?.uuid ?? null) : null;
  return queryOptions({
    queryKey: shelfKeys.continue(uuid ?? ''),
    enabled: uuid !== null,
    // The device's progress and downloads answer offline.
    networkMode: 'always',
    queryFn: async ({ signal }) => {
      const local = await localProgress();
      const issues = local.map((p) => p.issueId).join(',') || undefined;
      try {
        const { shelfContinue } = await import('../../../shared/endpoints/shelf'); // (see lib/api.ts)
        const items = mergeProgress((await callApi(shelfContinue, { query: { issues } }, signal)).items, local);
        noteContinue(items.length);
        return items;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'network') return mergeProgress(await fromDownloads(local), local);
        throw err;
      }
    },
  });
}

/** Where Read Now continues an issue: the newer of this device's page and the server's (any
 * device's), null for an issue not started or finished (it reads again from the start). Offline
 * or signed out, the device's page alone. */
export async function continuePage(issueId: number, signal?: AbortSignal): Promise<number | null> {
  const here = await deviceProgress(issueId);
  const local = here ? [here] : [];
  const uuid = session.isLoggedIn() ? storedUser()?.uuid : undefined;
  let server: ContinueItem[] = [];
  if (uuid) {
    try {
      const { shelfContinue } = await import('../../../shared/endpoints/shelf');
      server = (await callApi(shelfContinue, { query: { issues: String(issueId) } }, signal)).items;
    } catch {
      // offline or refused: the device's own page
    }
  }
  const mine = server.find((i) => i.issueId === issueId);
  if (!mine) return here?.page ?? null;
  return mergeProgress([mine], local)[0]?.page ?? null;
}
