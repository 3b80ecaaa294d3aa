// Reading zones: the zones, their codes and posters, network arrivals (RADIUS clients, the webhook secret).
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import {
  ConsoleZone,
  ConsoleZoneBody,
  ConsoleZones,
  PosterQuery,
  PosterReply,
  ZoneCodeReply,
  ZoneParams,
} from '../../schemas/console-inbox';
import { NetworkArrivals, RadiusClientBody, RadiusClientParams, SecretReply } from '../../schemas/network-arrivals';
import { OkReply } from '../../schemas/account';
import { errors } from './errors';

export const consoleZones = get('/api/console/institutions/:institutionId/zones', {
  params: InstitutionParams,
  reply: ConsoleZones,
  errors,
});
export const consoleZonesAdd = post('/api/console/institutions/:institutionId/zones', {
  params: InstitutionParams,
  body: ConsoleZoneBody,
  reply: ConsoleZone,
  errors,
});
export const consoleZoneSave = post('/api/console/institutions/:institutionId/zones/:zoneId', {
  params: ZoneParams,
  body: ConsoleZoneBody,
  reply: ConsoleZone,
  errors,
});
export const consoleZonesCode = get('/api/console/institutions/:institutionId/zones/:zoneId/code', {
  params: ZoneParams,
  reply: ZoneCodeReply,
  errors,
});
export const consoleZonesNetwork = get('/api/console/institutions/:institutionId/zones/:zoneId/network', {
  params: ZoneParams,
  reply: NetworkArrivals,
  errors,
});
export const consoleZonesRadius = post('/api/console/institutions/:institutionId/zones/:zoneId/radius', {
  params: ZoneParams,
  body: RadiusClientBody,
  reply: SecretReply,
  errors,
});
export const consoleZonesRadiusRemove = post('/api/console/institutions/:institutionId/zones/:zoneId/radius/:clientId/remove', {
  params: RadiusClientParams,
  reply: OkReply,
  errors,
});
export const consoleZonesWebhookSecret = post('/api/console/institutions/:institutionId/zones/:zoneId/webhook-secret', {
  params: ZoneParams,
  reply: SecretReply,
  errors,
});
export const consoleZonesPoster = get('/api/console/institutions/:institutionId/zones/:zoneId/poster', {
  params: ZoneParams,
  query: PosterQuery,
  reply: PosterReply,
  errors,
});
export const consoleZonesRemove = post('/api/console/institutions/:institutionId/zones/:zoneId/remove', {
  params: ZoneParams,
  reply: OkReply,
  errors,
});
