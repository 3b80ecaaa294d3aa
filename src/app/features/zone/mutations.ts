// One hook per action of the zone screen: starting a guest session to read in a zone, and arrival
// notifications on and off ("I am here" is in here.ts, shared with the runtime).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUser } from '../../lib/session';
import { startGuestSession } from '../../lib/guest';
import { zoneKeys } from './queries';
import { report } from './here';
import { turnOffPush, turnOnPush, updatePushLanguage, type PushLang } from './push';

/** A visitor reads free in a zone as a guest: the session first, then "I am here" (the zone's
 * network opens a guest's pass; a position alone does not, and the answer says to sign in). */
export function useGuestCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      saveUser(await startGuestSession(), 'guest');
      return report();
    },
    onSuccess: (reply) => {
      client.setQueryData(zoneKeys.passes(), reply);
      void client.invalidateQueries({ queryKey: zoneKeys.push() });
    },
  });
}

export function useTurnOnPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lang: PushLang) => turnOnPush(lang),
    onSettled: () => client.invalidateQueries({ queryKey: zoneKeys.push() }),
  });
}

export function useTurnOffPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: turnOffPush,
    onSettled: () => client.invalidateQueries({ queryKey: zoneKeys.push() }),
  });
}

export function useUpdatePushLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePushLanguage,
    onSettled: () => client.invalidateQueries({ queryKey: zoneKeys.push() }),
  });
}
