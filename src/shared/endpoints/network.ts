// The reader's networks: whether the address asking is an institution's, and the campus network
// sign-ins (eduroam identities) linked to the account. Apart from account.ts, which the sign-in
// screens load: these replies' schemas bring the zones' with them.
import { get, post } from './endpoint';
import { IpAccessReply } from '../schemas/ip-access';
import { Identities, IdentityBody } from '../schemas/network-arrivals';

export const accessIp = get('/api/access/ip', { reply: IpAccessReply });
export const userNetworkIdentities = get('/api/user/network-identities', { reply: Identities, errors: [400, 401, 403, 404, 409, 429] });
export const userNetworkIdentitiesAdd = post('/api/user/network-identities', {
  body: IdentityBody,
  reply: Identities,
  errors: [400, 401, 403, 404, 409, 429],
});
export const userNetworkIdentitiesRemove = post('/api/user/network-identities/remove', {
  body: IdentityBody,
  reply: Identities,
  errors: [400, 401, 403, 404, 409, 429],
});
