// The whole catalogue as one KBART file, for knowledge-base vendors: public (no credentials: it
// says what Lectern offers, not what anyone reads) and cacheable. The file is made at most once
// per CACHE_SECONDS per process, so a flood of requests costs one query; proxies and CDNs may keep
// it as long, and the ETag (the etag plugin) lets a harvester ask whether it changed.
import type { FastifyPluginAsync } from 'fastify';
import { GLOBAL_KBART_NAME, kbartFileName, kbartText } from '../../../shared/kbart';
import { catalogueHoldings } from '../../repositories/kbart';

export const GLOBAL_KBART_PATH = '/kbart/global.txt';
const CACHE_SECONDS = 600;

const routes: FastifyPluginAsync = async (app) => {
  let made: { at: number; text: Promise<string> } | null = null;
  const file = () => {
    if (!made || Date.now() - made.at > CACHE_SECONDS * 1000) {
      const text = catalogueHoldings(app.db).then((h) => kbartText(h, app.config.publicUrl));
      made = { at: Date.now(), text };
      text.catch(() => (made = null)); // a failed query is tried again by the next request
    }
    return made.text;
  };

  app.get(GLOBAL_KBART_PATH, async (_req, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/tab-separated-values; charset=utf-8')
      .header('Cache-Control', `public, max-age=${CACHE_SECONDS}`)
      .header('Content-Disposition', `attachment; filename="${kbartFileName(GLOBAL_KBART_NAME, day)}"`)
      .send(await file());
  });
};
export default routes;
