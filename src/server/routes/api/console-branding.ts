// The console's branding section: the institution's display name and logo. An upload
// is checked by its bytes (PNG, JPEG or WebP, at most LOGO_MAX_BYTES and LOGO_MAX_PIXELS, big
// enough) before anything decodes it, drawn again (one at a time, through the drawing gate) by
// the server at the three sizes of spec §3 and stored as media (content-addressed, cached for a
// year); readers get the new names with their details at their next start.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '../../../shared/schemas/console-access';
import { changeBranding, consoleBranding } from '../../repositories/console-branding';
import { HttpError } from '../../http-error';
import { UnreadableIdFile, drawing } from '../../services/id-files';
import { BUSY } from '../../services/gate';
import { BUSY_MESSAGE } from '../../plugins/expensive-queries';
import { checkLogo, renderLogosIsolated } from '../../services/logos';
import { answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';
const tooLarge = () =>
  new HttpError(413, 'too_large', `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB. Upload a smaller image.`);

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0 } });

  route(app, endpoints.consoleBranding, async (req) => consoleBranding(db, req.consoleInstitution.id));

  route(app, endpoints.consoleBrandingSave, async (req) => {
    const inst = req.consoleInstitution;
    return answer(await changeBranding(db, inst.id, { name: req.body.name }, req.signedInUser.id));
  });

  route(app, endpoints.consoleBrandingLogo, async (req, reply) => {
    const inst = req.consoleInstitution;
    if (!req.isMultipart()) throw new HttpError(415, 'unsupported', 'Send the logo as a multipart form upload.');
    let bytes: Buffer | null;
    try {
      const file = await req.file();
      bytes = file
        ? await file.toBuffer().catch((err) => {
            throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
          })
        : null;
    } catch (err) {
      // A form cut short, or more parts than one file: the parser throws with a 4xx or none.
      if (err instanceof HttpError) throw err;
      throw new HttpError(400, 'bad_request', 'The upload could not be read. Choose the image and send it again.');
    }
    if (!bytes?.length) throw new HttpError(400, 'bad_request', 'Choose an image of your logo.');
    const checked = checkLogo(bytes);
    if ('status' in checked) throw new HttpError(checked.status, checked.code, checked.message);
    // Through the same gate as the drawing of IDs: one decoder at a time in this process.
    const sizes = await drawing(() =>
      renderLogosIsolated(bytes!, checked.mime).catch((err) => {
        if (err instanceof UnreadableIdFile)
          throw new HttpError(415, 'unreadable', 'This image could not be read. Save it again as PNG, JPEG or WebP and upload it.');
        throw err;
      }),
    );
    if (sizes === BUSY) {
      reply.header('Retry-After', '5');
      throw new HttpError(503, 'busy', BUSY_MESSAGE);
    }
    const logos = (await Promise.all(sizes.map((b) => app.storage.save('public', b, 'png')))) as [string, string, string];
    return answer(await changeBranding(db, inst.id, { logos }, req.signedInUser.id));
  });
};
export default routes;
