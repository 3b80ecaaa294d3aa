// The console's Titles section: Lectern's admins find a title and set its ISSNs and ISBN, which
// KBART files and COUNTER reports carry. Admins only, as the ingest is: a title is shared by every
// institution, so one institution's librarian must not change what all the others' reports say.
// A bad identifier is a 400 naming the field as the form does ("Print ISSN … has a wrong check
// digit"), and nothing is stored.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkTitleIdentifiers } from '../../../shared/identifiers';
import { listConsoleTitles, setTitleIdentifiers } from '../../repositories/console-titles';
import { HttpError } from '../../http-error';
import { adminOnly, answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.consoleTitles, { ...adminOnly }, async (req) => {
    return listConsoleTitles(app.db, req.query.q, req.query.page ?? 0);
  });

  route(app, endpoints.consoleTitlesIdentifiers, { ...adminOnly }, async (req) => {
    const checked = checkTitleIdentifiers(req.body);
    if (!checked.ok) throw new HttpError(400, 'bad_identifier', checked.problems.join('. '));
    return answer(await setTitleIdentifiers(app.db, req.params.mid, checked.value, { id: req.signedInUser.id, institutionId: null }));
  });
};
export default routes;
