// The reader token: the one the opener gave (or none), renewed before it lapses while an issue
// is open. It lives in a ref: a renewed token must not re-render (and so reload) the pages on
// screen; `version` moves only when something should be drawn with the new one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { requestReaderToken } from '../../lib/reader-token';

export const RENEW_BEFORE_S = 120;

export interface Grant {
  code: string | null;
  expiresAt: number;
  fromOpener?: boolean;
}

/** The expiry (seconds) inside a reader token, to renew it in time; 0 when unreadable. */
export function expiryOf(code: string | null): number {
  try {
    return Number(JSON.parse(atob(code!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp) || 0;
  } catch {
    return 0;
  }
}

export function useReaderToken(issueId: number, lang: 'en' | 'hi', initialCode: string | null) {
  const grant = useRef<Grant>({ code: initialCode, expiresAt: expiryOf(initialCode), fromOpener: Boolean(initialCode) });
  const [version, setVersion] = useState(0);
  const redraw = useCallback(() => setVersion((v) => v + 1), []);
  const renew = useCallback(async () => {
    const g = await requestReaderToken(issueId, { lang }).catch(() => null);
    if (!g) return;
    grant.current = { code: g.code, expiresAt: g.expiresAt };
    redraw();
  }, [issueId, lang, redraw]);
  return { grant, version, renew, redraw };
}

/** Renews the token before it lapses while an issue is open (pages already shown keep their URLs). */
export function useTokenRenewal({ grant, version, renew }: ReturnType<typeof useReaderToken>, issue: object | null) {
  useEffect(() => {
    if (!issue || !grant.current.expiresAt) return;
    const wait = Math.max(5, grant.current.expiresAt - Date.now() / 1000 - RENEW_BEFORE_S) * 1000;
    const timer = setTimeout(() => void renew(), wait);
    return () => clearTimeout(timer);
  }, [issue, version, renew, grant]);
}
