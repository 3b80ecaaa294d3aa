// App links (spec §1: the web and the store apps at once): the files Android and iOS fetch to let
// a store app open this site's links, filled from configuration, and the store pages /appdownload
// links. Nothing configured: 404, so a phone never trusts an app the operator did not name.
import { claimLines } from '../../claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppStores } from '../../../shared/schemas/app-links';
import { notFound } from '../../http-error';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

/** Paths a store app must leave to the browser: the API, media, the reader tab, the console. */
const WEB_ONLY = ['/api/*', '/content/*', '/media/*', '/reader/*', '/library*', '/sushi/*'];

export function assetLinks(c: Config) {
  if (!c.androidAppId || c.androidCertSha256.length === 0) return null;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: c.androidAppId, sha256_cert_fingerprints: c.androidCertSha256 },
    },
  ];
}

export function appleAppSiteAssociation(c: Config) {
  if (!c.iosAppId) return null;
  return {
    applinks: {
      // iOS 13 and later read `appIDs` and `components`; iOS 12 reads `appID` and `paths`.
      details: [
        {
          appIDs: [c.iosAppId],
          components: [...WEB_ONLY.map((p) => ({ '/': p, exclude: true })), { '/': '/*' }],
          appID: c.iosAppId,
          paths: [...WEB_ONLY.map((p) => `NOT ${p}`), '*'],
        },
      ],
    },
    webcredentials: { apps: [c.iosAppId] },
  };
}

export function appStores(c: Config): AppStores {
  return {
    android: c.androidAppId ? `https://play.google.com/store/apps/details?id=${encodeURIComponent(c.androidAppId)}` : null,
    ios: c.iosAppStoreId ? `https://apps.apple.com/app/id${c.iosAppStoreId}` : null,
    claims: claimLines(c.claims),
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  // Fetched by the phone's system, not the app: plain JSON, cached for a day.
  const send = (body: unknown, what: string) => {
    if (!body) throw notFound(what);
    return JSON.stringify(body);
  };
  app.get('/.well-known/assetlinks.json', async (_req, reply) => {
    const body = send(assetLinks(app.config), 'Android app links (ANDROID_APP_ID, ANDROID_CERT_SHA256)');
    return reply.type('application/json').header('Cache-Control', 'public, max-age=86400').send(body);
  });
  // The same file at both addresses Apple has used; it must be served without a redirect.
  for (const url of ['/.well-known/apple-app-site-association', '/apple-app-site-association']) {
    app.get(url, async (_req, reply) => {
      const body = send(appleAppSiteAssociation(app.config), 'iOS app links (IOS_APP_ID)');
      return reply.type('application/json').header('Cache-Control', 'public, max-age=86400').send(body);
    });
  }
  route(app, endpoints.appStores, async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return appStores(app.config);
  });
};
export default routes;
