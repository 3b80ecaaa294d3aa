// A reader token asked from a signed-in page, as the app asks (its Authorization and XSRF
// headers): the benchmarks open the reader with its code, the tests read the page it names.
import type { Page } from 'playwright-core';

export function readerToken(page: Page, issueId: number): Promise<{ code: string; page: number | null }> {
  return page.evaluate(async (issue) => {
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/reader/token', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: localStorage.getItem('userToken') ?? '',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
      body: JSON.stringify({ issue }),
    });
    return (await res.json()).data;
  }, issueId);
}
