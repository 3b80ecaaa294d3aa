// The access area's actions as mutation hooks: busy and error come from the hook.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api';
import { saveUser, session } from '../../lib/session';
import { couponValidate, userUploadid } from '../../../shared/endpoints/account';
import { startGuestSession } from '../../lib/guest';
import { useFinishSignIn } from '../login/flow';
import { showToast } from '../../components/Toast';
import { formatDate, lastAccessDay } from '../../../shared/labels';
import { appPaths } from '../../../shared/app-paths';
import { useLocalePath } from '../../components/useLocalePath';

/** Redeems an access code: nobody signed in gets a guest session first; the reader then goes on
 * as from a sign-in, told through whom and until when. */
export function useRedeemAccessCode() {
  const { t, i18n } = useTranslation();
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (code: string) => {
      if (!session.isLoggedIn() || !session.userToken()) saveUser(await startGuestSession(), 'guest');
      const info = await callApi(couponValidate, { body: { code } });
      await finish(info);
      return info;
    },
    onSuccess: (info) => {
      const until = formatDate(lastAccessDay(info.enddate * 1000), i18n.language);
      showToast(t('accessCode.accepted', { library: info.libName, date: until }));
    },
  });
}

/** Sends the reader's institution ID (a checked photo or PDF) to its librarian; the reader then
 * reads the thanks page. */
export function useUploadId() {
  const navigate = useNavigate();
  const to = useLocalePath();
  return useMutation({
    mutationFn: ({ institutionId, file }: { institutionId: string; file: File }) => {
      const form = new FormData();
      form.set('institutionId', institutionId);
      form.set('file', file);
      return callApi(userUploadid, { body: form });
    },
    onSuccess: async (info) => {
      saveUser(info);
      await navigate(to(appPaths.idThankYou));
    },
  });
}
