// "I am here" (a fresh position, or none: the network decides; with the desk's code when the
// reader typed one, and a poster's scan waiting in this tab), used by the runtime's watcher and the
// screen's "Check again" and code form: the answer replaces the passes, so the banner sees an
// arrival; a refusal is kept for the screen and the banner to explain.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '../../../shared/endpoints/zones';
import { ApiError, callApi } from '../../lib/api';
import { reported, type Fix } from './report';
import { freshFix } from './location';
import { kept, zoneKeys } from './queries';
import { noteReport } from './refusal';
import { clearScan, pendingScan, SCAN_SPENT, type Scan } from './scan';

export const reportHere = (fix: Fix | null, code?: string, scan?: Scan | null) =>
  callApi(endpoints.zonesHere, {
    body: {
      ...(fix ? { position: reported(fix) } : {}),
      ...(code ? { code } : {}),
      ...(scan ? { token: scan.token, zoneId: scan.zoneId } : {}),
    },
  });

/** A report: the runtime passes the fix it just got; the screen's buttons take a fresh one. A
 * poster's scan waiting in this tab goes with it until it opened the pass or was refused for good. */
export const report = async (what: { fix?: Fix | null; code?: string } = {}) => {
  const scan = pendingScan();
  return reportHere(what.fix === undefined ? await freshFix() : what.fix, what.code, scan).then(
    (reply) => {
      if (scan) clearScan();
      noteReport(null);
      return kept(reply);
    },
    (err) => {
      if (scan && err instanceof ApiError && SCAN_SPENT.includes(err.code)) clearScan();
      noteReport(err);
      throw err;
    },
  );
};

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: report, onSuccess: (reply) => client.setQueryData(zoneKeys.passes(), reply) });
}
