// A reader whose e-mail matches no institution asks for access with a photo or PDF of their
// institution ID. The file is checked and kept privately; a librarian (for now, the operator
// command `npm run id-requests`) approves or rejects the request.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { UserInfo } from '../../../shared/schemas/account';
import { ApiError } from '../../../shared/schemas/errors';
import { HttpError } from '../../plugins/errors';
import { userInfo } from '../../repositories/users';
import { ID_MAX_BYTES, removeIdFile, saveIdFile, sniffIdFile } from '../../services/id-files';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 413: ApiError, 415: ApiError };
const tooLarge = () => new HttpError(413, 'too_large', 'The file is larger than 5 MB. Upload a smaller photo or PDF.');

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await app.register(multipart, { limits: { fileSize: ID_MAX_BYTES, files: 1, fields: 4 } });

  /** Subscribing institutions a reader can ask to join. */
  app.get('/institutions', { schema: { response: { 200: z.object({ institutions: z.array(z.object({ id: z.number(), name: z.string() })) }) } } }, async () => {
    const { rows } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM institutions WHERE sub_end > now() ORDER BY name`);
    return { institutions: rows };
  });

  app.post('/user/uploadid', { preHandler: app.requireUser, schema: { response: { 200: UserInfo, ...errors } } }, async (req) => {
    if (req.user!.type === 'guest') throw new HttpError(403, 'forbidden', 'Sign in with your e-mail address to send your institution ID.');
    if (!req.isMultipart()) throw new HttpError(415, 'unsupported', 'Send the ID as a multipart form upload.');
    let bytes: Buffer | null = null;
    let institutionId: number | null = null;
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        bytes = await part.toBuffer().catch((err) => { throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err; });
      } else if (part.fieldname === 'institutionId') {
        institutionId = Number(part.value);
      }
    }
    if (!bytes || !bytes.length) throw new HttpError(400, 'bad_request', 'Choose a photo or PDF of your institution ID.');
    const kind = sniffIdFile(bytes);
    if (!kind) throw new HttpError(415, 'unsupported', 'Upload a photo (JPEG, PNG or WebP) or a PDF of your institution ID.');
    const institution = await db.query(`SELECT 1 FROM institutions WHERE id = $1 AND sub_end > now()`, [institutionId]);
    if (!Number.isInteger(institutionId) || !institution.rows.length) throw new HttpError(400, 'bad_request', 'Choose your institution from the list.');
    const fileName = saveIdFile(app.config.privateDir, bytes, kind.ext);
    try {
      await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO id_uploads (user_id, institution_id, file_name, mime, bytes) VALUES ($1, $2, $3, $4, $5)`, [
          req.user!.id, institutionId, fileName, kind.mime, bytes!.length,
        ]);
        await tx.query(`UPDATE users SET uploaded_id = true WHERE id = $1`, [req.user!.id]);
      });
    } catch (err) {
      removeIdFile(app.config.privateDir, fileName);
      throw err;
    }
    return userInfo(db, req.user!.id);
  });
};
export default routes;
