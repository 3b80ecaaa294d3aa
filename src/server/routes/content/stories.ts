// Stories (section sec_60): category listings and single stories.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import { notFound } from '../../http-error';
import { articleUrlFor, storiesPage, storyByUrl, storyUrlForOldSlug } from '../../repositories/stories';
import { ageRateFor, readerLimit } from './age-rating';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.contentStories, async (req) =>
    storiesPage(app.db.read, {
      category: req.query.category,
      section: req.query.section,
      page: req.query.page,
      ageRating: ageRateFor(req, req.query.age_rating),
    }),
  );

  route(app, endpoints.contentStory, async (req, reply) => {
    const story = await storyByUrl(app.db.read, req.query.url, readerLimit(req));
    if (story) return story;
    const moved = await storyUrlForOldSlug(app.db.read, req.query.url);
    if (moved) {
      const query = new URLSearchParams(req.url.split('?')[1]);
      query.set('url', moved);
      return reply.redirect(`/content/story?${query}`, 308);
    }
    throw notFound(`Story '${req.query.url}'`);
  });

  route(app, endpoints.contentArticleDetails, async (req) => {
    const url = await articleUrlFor(app.db, req.query);
    const story = url && (await storyByUrl(app.db, url, readerLimit(req)));
    if (!story) throw notFound(`Article '${req.query.articleName ?? req.query.articleUrl}'`);
    return story;
  });
};
export default routes;
