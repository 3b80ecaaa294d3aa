// "I am here" (a fresh position, or none: the network decides; with the desk's code when the
// reader typed one), used by the runtime's watcher and the screen's "Check again" and code form:
// the answer replaces the passes, so the banner sees an arrival; a refusal is kept for the screen
// and the banner to explain.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PassesReply } from '../../../shared/schemas/zones';
import { apiPost } from '../../lib/api';
import { reported, type Fix } from './report';
import { freshFix } from './location';
import { kept, zoneKeys } from './queries';
import { noteReport } from './refusal';

export const reportHere = (fix: Fix | null, code?: string) =>
  apiPost('/api/zones/here', PassesReply, { ...(fix ? { position: reported(fix) } : {}), ...(code ? { code } : {}) });

/** A report: the runtime passes the fix it just got; the screen's buttons take a fresh one. */
export const report = async (what: { fix?: Fix | null; code?: string } = {}) =>
  reportHere(what.fix === undefined ? await freshFix() : what.fix, what.code).then(
    (reply) => (noteReport(null), kept(reply)),
    (err) => {
      noteReport(err);
      throw err;
    },
  );

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: report, onSuccess: (reply) => client.setQueryData(zoneKeys.passes(), reply) });
}
