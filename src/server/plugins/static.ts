// Serves the built app, the public media files, and the app shell for client routes.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { firstScreenOf, firstScreenPages, loadDrawing } from '../first-screen/index';
import { sendKept } from './response-cache';
import { z } from 'zod';
import { sendMedia } from '../media/serve';
import { SERVABLE_NAME } from '../media/storage';
import { raw } from '../../shared/schemas/fields';
import { normalisedPath } from './xsrf';
import { movedStoryPath } from '../services/story-paths';

/** Paths that are never answered with the app shell (spec: /api, /content, /reader, media). */
export const NO_SHELL_PREFIXES = ['/api/', '/content/', '/media/', '/reader/'];

export default fp(async (app) => {
  const { appDir } = app.config;

  // Public media only (covers, logos, story images; page images go through the reader's token
  // route), from the local directory or S3 alike. Names are content-addressed, so a name never
  // changes meaning: cache for a year. A name with a folder or a leading dot is never a file here.
  const MediaParams = z.object({ name: raw().max(200) });
  app.get('/media/:name', { schema: { params: MediaParams } }, async (req, reply) => {
    const { name } = req.params as z.infer<typeof MediaParams>;
    if (!SERVABLE_NAME.test(name)) return reply.callNotFound();
    return sendMedia(req, reply, app.storage, 'public', name, 'public, max-age=31536000, immutable');
  });

  const indexFile = path.join(appDir, 'index.html');
  const hasApp = fs.existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      prefix: '/',
      wildcard: false,
      // `/` is the shell route's below (which may draw home's first screen); /index.html stays the
      // plain shell the service worker keeps.
      index: false,
      // The server's drawing of first screens (ssr/) is the server's code, never a file to serve.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // Our own Cache-Control below; left on, the plugin overwrites it with max-age=0 and every
      // hashed asset is revalidated (a round trip each on a slow network).
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; the shell, manifest and service worker must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  // The app shell for client routes: a route rather than the not-found handler, so that its answer
  // is compressed like any other (@fastify/compress hooks into routes).
  // On the path as a router reads it (decoded, normalised): /%61pi/x is an /api path, never the shell.
  const wantsShell = (url: string) => {
    const normal = normalisedPath(url);
    return !NO_SHELL_PREFIXES.some((p) => normal.startsWith(p)) && !path.extname(url);
  };
  if (hasApp) {
    const drawing = await loadDrawing(appDir).catch((err: unknown) => {
      app.log.warn({ err }, 'the first screens are not drawn: their drawing did not load');
      return null;
    });
    const firstScreenPage = drawing && firstScreenPages(app, indexFile, drawing);
    app.get('/*', async (req, reply) => {
      if (!wantsShell(req.url.split('?')[0])) return reply.callNotFound();
      const moved = await movedStoryPath(app.db.read, req.url.split('?')[0]);
      if (moved) return reply.redirect(moved, 308);
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      const screen = drawing && firstScreenOf(req, drawing);
      const page = screen && firstScreenPage && (await firstScreenPage(screen));
      return page ? sendKept(req, reply, page.html, page.encoded) : reply.send(fs.createReadStream(indexFile));
    });
  }

  // Never kept by a cache: the address may be an /api one however it is spelt (//api/…).
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    return reply
      .code(404)
      .header('Cache-Control', 'no-store')
      .send({ error: { code: 'not_found', message: `No route for ${req.method} ${url}` } });
  });
});
