// The console's zones section: the institution's Smart Reading Zones, listed with the
// readers in each now, created, edited and removed. Librarians of the institution and admins,
// checked by console-guard on every call; every change audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  createInstitutionZone,
  institutionZone,
  institutionZones,
  removeInstitutionZone,
  updateInstitutionZone,
  zoneBounds,
} from '../../repositories/console-zones';
import { ZoneInputError } from '../../repositories/zones';
import { currentZoneCode } from '../../services/zone-codes';
import { printedPoster, qrSvg, screenPoster } from '../../services/zone-posters';
import { consoleBranding } from '../../repositories/console-branding';
import { HttpError } from '../../http-error';
import {
  addRadiusClient,
  hasWebhook,
  matchValue,
  newSecret,
  removeRadiusClient,
  replaceWebhookSecret,
  zoneRadiusClients,
} from '../../repositories/network-arrivals';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const noSuchZone = () => new HttpError(404, 'no_zone', 'There is no such zone.');

/** A zone beyond what the console may write (its owner's subscription, a librarian's networks): a
 * 400 that names it, nothing changed. */
const asRefusal = (err: unknown): never => {
  if (err instanceof ZoneInputError) throw new HttpError(400, err.code, err.message);
  throw err;
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, endpoints.consoleZones, async (req) => {
    const { id } = req.consoleInstitution;
    return { zones: await institutionZones(db, id), bounds: await zoneBounds(db, id) };
  });

  route(app, endpoints.consoleZonesAdd, async (req) => {
    const inst = req.consoleInstitution;
    return createInstitutionZone(db, inst.id, req.body, req.signedInUser.id).catch(asRefusal);
  });

  route(app, endpoints.consoleZoneSave, async (req) => {
    const inst = req.consoleInstitution;
    const zone = await updateInstitutionZone(db, inst.id, req.params.zoneId, req.body, req.signedInUser.id).catch(asRefusal);
    if (!zone) throw noSuchZone();
    return zone;
  });

  // The on-site code to put up at the desk (it changes every few minutes; the console asks again
  // when it does). Shown for any of the institution's zones, so it can be tried before it is asked for.
  route(app, endpoints.consoleZonesCode, async (req) => {
    const inst = req.consoleInstitution;
    if (!(await institutionZone(db, inst.id, req.params.zoneId))) throw noSuchZone();
    const code = (await currentZoneCode(db, req.params.zoneId))!;
    return { code: code.code, changesAt: code.changesAt.toISOString(), periodSeconds: code.periodSeconds };
  });

  // Arrival told by the venue's network (docs/zones-network.md): the zone's RADIUS clients and
  // whether it takes the webhook. Secrets are shown once, when made, never listed.
  const ownZone = async (req: { params: { institutionId: number; zoneId: number } } & FastifyRequest) => {
    const inst = req.consoleInstitution;
    if (!(await institutionZone(db, inst.id, req.params.zoneId))) throw noSuchZone();
    return { id: req.params.zoneId, institutionId: inst.id };
  };
  const arrivals = async (zoneId: number) => ({ clients: await zoneRadiusClients(db, zoneId), webhook: await hasWebhook(db, zoneId) });

  route(app, endpoints.consoleZonesNetwork, async (req) => arrivals((await ownZone(req)).id));

  route(app, endpoints.consoleZonesRadius, async (req) => {
    const zone = await ownZone(req);
    const value = matchValue(req.body.matchBy, req.body.matchValue);
    if (value === null) throw new HttpError(400, 'bad_nas_ip', 'A NAS-IP-Address match needs an IPv4 or IPv6 address.');
    const secret = req.body.secret ?? newSecret();
    await db.transaction((tx) => addRadiusClient(tx, zone, { matchBy: req.body.matchBy, matchValue: value, secret }, req.signedInUser.id));
    await app.radius?.reload();
    return { secret };
  });

  route(app, endpoints.consoleZonesRadiusRemove, async (req) => {
    const zone = await ownZone(req);
    if (!(await db.transaction((tx) => removeRadiusClient(tx, zone, req.params.clientId, req.signedInUser.id))))
      throw new HttpError(404, 'no_radius_client', 'This zone has no such RADIUS client.');
    await app.radius?.reload();
    return { status: 1 as const, message: 'The RADIUS client was removed.' };
  });

  route(app, endpoints.consoleZonesWebhookSecret, async (req) => {
    const zone = await ownZone(req);
    return { secret: await db.transaction((tx) => replaceWebhookSecret(tx, zone, req.signedInUser.id)) };
  });

  // The zone's poster: a desk screen's QR (a new one every few minutes) or a paper one good until
  // today's opening hours end, with the desk's code, the zone and the institution's name and logo.
  route(app, endpoints.consoleZonesPoster, async (req) => {
    const inst = req.consoleInstitution;
    const zone = await institutionZone(db, inst.id, req.params.zoneId);
    if (!zone) throw noSuchZone();
    const make = req.query.print === '1' ? printedPoster : screenPoster;
    const link = await make(db, zone.id, app.config.publicUrl);
    if (!link) throw new HttpError(400, 'zone_closed_today', 'This zone does not open again today: print its poster on a day it opens.');
    const code = (await currentZoneCode(db, zone.id))!;
    const branding = await consoleBranding(db, inst.id);
    return {
      zone: { id: zone.id, name: zone.name, description: zone.description, proof: zone.proof, timeZone: zone.timeZone },
      institution: { name: branding.name, logoUrl: branding.logo2 ?? branding.logo1 },
      url: link.url,
      svg: await qrSvg(link.url),
      expiresAt: link.expiresAt.toISOString(),
      refreshAt: link.refreshAt.toISOString(),
      date: link.date,
      code: { code: code.code, changesAt: code.changesAt.toISOString(), periodSeconds: code.periodSeconds },
    };
  });

  route(app, endpoints.consoleZonesRemove, async (req) => {
    const inst = req.consoleInstitution;
    if (!(await removeInstitutionZone(db, inst.id, req.params.zoneId, req.signedInUser.id))) throw noSuchZone();
    return { status: 1 as const, message: 'The zone was removed.' };
  });
};
export default routes;
