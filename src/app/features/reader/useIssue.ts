// Opening an issue: a token (given by the opener, or asked for), the issue's manifest (the one
// reader.html's boot script already asked for, or a request of its own; a downloaded copy with no
// network), and the page to resume at. What failed, when it did, is for ReaderFailure to say.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, contentAt, replyOf } from '../../lib/api';
import { manifestPath } from '../../../shared/reader-paths';
import type { IssueManifest } from '../../../shared/schemas/reader';
import { downloadRecord, removeDownload } from '../../downloads/store';
import { requestReaderToken } from '../../lib/reader-token';
import { pageFromHash } from './spreads';
import { recordRead, resumePage } from './tracking';
import type { useReaderToken } from './useReaderToken';

export type Failure = 'signIn' | 'offline' | 'notFound' | 'retry' | { code: string; message: string };

/** The issue that reader.html's boot script already asked for (it also preloads the opening page's
 * image, which the reader's own URL for that page then finds loaded). Taken once, for its token. */
interface Boot {
  code: string;
  manifest: Promise<Response>;
}
declare global {
  interface Window {
    readerBoot?: Boot;
  }
}
function takeBoot(code: string | undefined): Boot | null {
  const boot = window.readerBoot;
  delete window.readerBoot;
  return boot && boot.code === code ? boot : null;
}

/** Removes reader.html's opening page (drawn before this code ran): the reader's own page is shown
 * in its place, or the reader has something else to say. */
export function dropBootPage() {
  document.getElementById('reader-boot')?.remove();
}

/** `resumeAt` is told the page to open at when the address names none. */
export function useIssue(
  issueId: number,
  lang: 'en' | 'hi',
  { grant }: ReturnType<typeof useReaderToken>,
  resumeAt: (page: number) => void,
) {
  const [manifest, setManifest] = useState<IssueManifest | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  useEffect(() => {
    if (failure) dropBootPage();
  }, [failure]);
  const [offlineCopy, setOfflineCopy] = useState(false);

  const open = useCallback(() => {
    const attempt = async (): Promise<void> => {
      setFailure(null);
      const local = await downloadRecord(issueId);
      if (!grant.current.code && navigator.onLine) {
        try {
          const g = await requestReaderToken(issueId, { lang });
          grant.current = { code: g.code, expiresAt: g.expiresAt };
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return setFailure(local ? 'offline' : 'signIn');
          if (err instanceof ApiError && err.status === 404) return setFailure('notFound');
          if (err instanceof ApiError && err.status === 403) {
            // Access ended: a downloaded copy goes too (spec: expired subscriptions lose downloads).
            if (local) await removeDownload(issueId);
            return setFailure({ code: err.code, message: err.message });
          }
          // Network trouble: read the downloaded copy if there is one.
        }
      }
      const code = grant.current.code ?? undefined;
      const boot = takeBoot(code);
      const m = await (boot ? replyOf<IssueManifest>(boot.manifest) : contentAt<IssueManifest>(manifestPath(issueId, code))).catch(
        (err: unknown) => err,
      );
      if (m instanceof ApiError) {
        // A stale or copied code: ask for a token of our own, once.
        if (m.code.startsWith('token_') && grant.current.fromOpener) {
          grant.current = { code: null, expiresAt: 0 };
          return attempt();
        }
        if (m.status === 404) return setFailure('notFound');
        if (m.code === 'network') return setFailure(local?.status === 'done' ? 'retry' : 'offline');
        return setFailure({ code: m.code, message: m.message });
      }
      const found = m as IssueManifest | null;
      if (!found?.pages) return setFailure('retry');
      setOfflineCopy(!code && Boolean(local));
      if (!pageFromHash(location.hash)) {
        const resume = await resumePage(issueId, found.progress ?? null); // (copies downloaded before progress came with the issue have none)
        resumeAt(resume && resume <= found.pages.length ? resume : 1);
      }
      setManifest(found);
      document.title = `${found.titleName} · ${found.issueName}`;
      void recordRead({ kind: 'issue_open', issueId, source: 'web' });
    };
    return attempt();
  }, [issueId, lang, grant, resumeAt]);

  useEffect(() => void open(), [open]);

  return { manifest, failure, offlineCopy, open };
}
