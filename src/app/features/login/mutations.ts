// Sign-in steps as mutation hooks: busy and error come from the hook; a success goes on as any
// sign-in does (flow.ts).
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import * as endpoints from '../../../shared/endpoints/account';
import { saveUser } from '../../lib/session';
import type { z } from 'zod';
import type { DeviceCodeBody } from '../../../shared/device-code';
import type { Contact } from '../../../shared/schemas/account';
import { passwordSignIn, sendCode, useFinishSignIn, type SignInFlow } from './flow';
import { startGuestSession } from '../../lib/guest';

/** Signs in with a code made on another device. */
export function useDeviceCodeSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: (body: z.output<typeof DeviceCodeBody>) => callApi(endpoints.loginGencode, { body }),
    onSuccess: (info) => finish(info, 'device'),
  });
}

/** Sends a sign-in code to the contact (the flow goes on at the code screen). */
export function useSendCode() {
  return useMutation({ mutationFn: (flow: SignInFlow) => sendCode(flow) });
}

/** A guest session for this device. */
export function useGuestSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: () => startGuestSession(),
    onSuccess: (info) => finish(info, 'guest'),
  });
}

/** Signs in with a password. */
export function usePasswordSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: ({ contact, password }: { contact: Contact; password: string }) => passwordSignIn(contact, password),
    onSuccess: (info) => finish(info, 'password'),
  });
}

/** The sign-up's last step: the reader's name, and a password when they have none yet. */
export function useCompleteSignUp() {
  return useMutation({
    mutationFn: ({ fullName, password }: { fullName: string; password: { password: string; confirmPassword: string } | null }) =>
      password
        ? callApi(endpoints.userSignup, { body: { fullName, ...password } })
        : callApi(endpoints.userProfile, { body: { fullName } }),
    onSuccess: (info) => saveUser(info),
  });
}
