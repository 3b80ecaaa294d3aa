// A reader whose e-mail matches no institution asks for access with a photo or PDF of their
// institution ID. The file is checked by its bytes and redrawn by the server (see
// services/id-files.ts); only that image is kept, privately, and a librarian (for now, the
// operator command `npm run id-requests`) approves or rejects the request. One request pending
// at a time, and a few tries a day.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { int } from '../../../shared/schemas/fields';
import { HttpError } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import { userInfo } from '../../repositories/users';
import {
  ID_IMAGE,
  ID_MAX_BYTES,
  UnreadableIdFile,
  drawing,
  removeIdFile,
  renderIdImageIsolated,
  saveIdFile,
  sniffIdFile,
} from '../../services/id-files';
import { addIdRequest, hasPendingIdRequest } from '../../repositories/id-requests';
import { isLiveInstitution, liveInstitutions } from '../../repositories/institutions';
import { LIMITS, spendOne } from '../../services/rate-limit';
import { BUSY_MESSAGE } from '../../plugins/expensive-queries';
import { BUSY } from '../../services/gate';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';
const alreadyPending = () =>
  new HttpError(409, 'already_pending', 'Your ID is already waiting for a decision. We will let you know once it is checked.');
const tooLarge = () => new HttpError(413, 'too_large', 'The file is larger than 5 MB. Upload a smaller photo or PDF.');

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await app.register(multipart, { limits: { fileSize: ID_MAX_BYTES, files: 1, fields: 4 } });

  route(app, endpoints.userUploadid, async (req, reply) => {
    if (req.signedInUser.type === 'guest')
      throw new HttpError(403, 'forbidden', 'Sign in with your e-mail address to send your institution ID.');
    if (!req.isMultipart()) throw new HttpError(415, 'unsupported', 'Send the ID as a multipart form upload.');
    let bytes: Buffer | null = null;
    let institutionId: number | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          bytes = await part.toBuffer().catch((err) => {
            throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
          });
        } else if (part.fieldname === 'institutionId') {
          const id = int(1).safeParse(part.value);
          institutionId = id.success ? id.data : null;
        }
      }
    } catch (err) {
      // A form cut short or not multipart at all: the parser throws a plain Error.
      if (err instanceof HttpError || ((err as { statusCode?: number }).statusCode ?? 500) < 500) throw err;
      throw new HttpError(400, 'bad_request', 'The upload could not be read. Please choose the file and send it again.');
    }
    if (!bytes || !bytes.length) throw new HttpError(400, 'bad_request', 'Choose a photo or PDF of your institution ID.');
    const kind = sniffIdFile(bytes);
    if (!kind) throw new HttpError(415, 'unsupported', 'Upload a photo (JPEG, PNG or WebP) or a PDF of your institution ID.');
    if (institutionId === null || !(await isLiveInstitution(db, institutionId)))
      throw new HttpError(400, 'bad_request', 'Choose your institution from the list.');
    const uid = req.signedInUser.id;
    if (await hasPendingIdRequest(db, uid)) throw alreadyPending();
    // Drawing the image costs real CPU: a few tries a day per reader, one drawing at a time.
    if (!(await spendOne(db, [LIMITS.idUploadPerUser, String(uid)]))) {
      throw new HttpError(
        429,
        'too_many_requests',
        `You can send your ID ${LIMITS.idUploadPerUser.max} times a day. Please try again tomorrow.`,
      );
    }
    const image = await drawing(async () => {
      // Uploads sent at once wait here in turn: once one is kept, the others need no drawing.
      if (await hasPendingIdRequest(db, uid)) throw alreadyPending();
      return renderIdImageIsolated(bytes!, kind.mime).catch((err) => {
        if (err instanceof UnreadableIdFile)
          throw new HttpError(
            415,
            'unreadable',
            'This file could not be read. Upload a clear photo (JPEG, PNG or WebP) or a PDF of your institution ID.',
          );
        throw err;
      });
    });
    if (image === BUSY) {
      reply.header('Retry-After', '5');
      throw new HttpError(503, 'busy', BUSY_MESSAGE);
    }
    const fileName = saveIdFile(app.config.privateDir, image, ID_IMAGE.ext);
    try {
      if (!(await addIdRequest(db, { userId: uid, institutionId, fileName, mime: ID_IMAGE.mime, bytes: image.length })))
        throw alreadyPending();
    } catch (err) {
      removeIdFile(app.config.privateDir, fileName);
      throw err;
    }
    return userInfo(db, req.signedInUser.id);
  });
};

const idUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Subscribing institutions a reader can ask to join. */
  route(app, endpoints.institutions, async () => ({ institutions: await liveInstitutions(app.db) }));

  await app.register(signedIn(routes));
};
export default idUploadRoutes;
