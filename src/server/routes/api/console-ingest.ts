// Bulk import's upload endpoint, for admins: POST a PDF with the manifest's fields
// (title, issue, date, category, language, publisher, type) as a multipart form, get 202 and the
// queued job; GET the job for its state and progress. The same queue and runner as
// `npm run ingest -- <folder> --manifest` (ingest/runner.ts, plugins/ingest-jobs.ts). The file is
// streamed to the private folder and checked there: too large 413, not a PDF 415, bad fields 400;
// a refused upload leaves no file and no job. The job removes its copy once it is over. An admin
// with INGEST_QUEUE_PER_ADMIN jobs queued or running gets 429 until one is over.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { INGEST_UPLOAD_FIELDS, IngestJobView } from '../../../shared/schemas/ingest-jobs';
import { checkRequest } from '../../ingest/ingest';
import { IngestError, pdfHeaderOffset } from '../../ingest/render-shared';
import { requestFrom, type IssueFields } from '../../ingest/request';
import { HOST } from '../../ingest/runner';
import { enqueueUpload, getJob, openUploads, type IngestJob } from '../../repositories/ingest-jobs';
import { HttpError } from '../../http-error';
import { adminOnly } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const view = (j: IngestJob): IngestJobView => ({
  id: j.id,
  state: j.state,
  title: 'name' in j.request.title ? j.request.title.name : `mid ${j.request.title.mid}`,
  issue: j.request.issue.name,
  pagesDone: j.pagesDone,
  pagesTotal: j.pagesTotal,
  message: j.message,
  issueId: j.issueId,
  createdAt: j.createdAt.toISOString(),
  finishedAt: j.finishedAt?.toISOString() ?? null,
});

/** The first KB and a little more: where a PDF's header may start (render.ts). */
async function head(file: string): Promise<Buffer> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(1029);
    const { bytesRead } = await fd.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fd.close();
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const tooLarge = () => new HttpError(413, 'too_large', `The PDF is larger than ${Math.round(config.ingestUploadMaxBytes / 1048576)} MB.`);
  await app.register(multipart, {
    limits: { fileSize: config.ingestUploadMaxBytes, files: 1, fields: INGEST_UPLOAD_FIELDS.length + 3, fieldSize: 1000 },
  });
  const uploads = path.join(config.privateDir, 'ingest-uploads');
  const queueFull = (reply: FastifyReply) => {
    reply.header('Retry-After', '30');
    return new HttpError(
      429,
      'too_many_uploads',
      `You already have ${config.ingestQueuePerAdmin} uploads queued or being imported: wait until one is done, then send this one again.`,
    );
  };

  // admins only, checked before the body is read
  route(app, endpoints.consoleIngest, { ...adminOnly }, async (req, reply) => {
    if (!req.isMultipart()) throw new HttpError(415, 'unsupported', 'Send the PDF as a multipart form upload.');
    // refused before the file is read when the queue is full; taken for sure as the job is queued
    if ((await openUploads(db, req.signedInUser.id)) >= config.ingestQueuePerAdmin) throw queueFull(reply);
    fs.mkdirSync(uploads, { recursive: true });
    const file = path.join(uploads, `${crypto.randomBytes(12).toString('hex')}.pdf`);
    let name: string | null = null;
    const fields: IssueFields = {};
    try {
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            name = part.filename || 'upload.pdf';
            await pipeline(part.file, fs.createWriteStream(file));
            if (part.file.truncated) throw tooLarge();
          } else if ((INGEST_UPLOAD_FIELDS as readonly string[]).includes(part.fieldname) && typeof part.value === 'string')
            fields[part.fieldname as (typeof INGEST_UPLOAD_FIELDS)[number]] = part.value;
          else
            throw new HttpError(
              400,
              'bad_request',
              `Unknown field '${part.fieldname}': send ${INGEST_UPLOAD_FIELDS.join(', ')} and the file.`,
            );
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'bad_request', 'Send one PDF per upload.');
        if (err instanceof HttpError || ((err as { statusCode?: number }).statusCode ?? 500) < 500) throw err;
        throw new HttpError(400, 'bad_request', 'The upload could not be read. Choose the file and send it again.');
      }
      if (name === null || !fs.statSync(file, { throwIfNoEntry: false })?.size)
        throw new HttpError(400, 'bad_request', 'Choose a PDF to upload.');
      if (pdfHeaderOffset(await head(file)) < 0)
        throw new HttpError(415, 'unsupported', 'That is not a PDF file (no %PDF- header in its first KB).');
      let request;
      try {
        request = requestFrom(fields, name);
        await checkRequest(db, request);
      } catch (err) {
        if (err instanceof IngestError)
          throw new HttpError(400, 'bad_request', `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`);
        throw err;
      }
      const id = await enqueueUpload(db, { host: HOST, path: file, request, createdBy: req.signedInUser.id }, config.ingestQueuePerAdmin);
      if (id === null) throw queueFull(reply);
      app.ingestJobs.kick();
      return reply.code(202).send(view((await getJob(db, id))!));
    } catch (err) {
      await fs.promises.rm(file, { force: true });
      throw err;
    }
  });

  route(app, endpoints.consoleIngestJobs, { ...adminOnly }, async (req) => {
    const job = await getJob(db, req.params.id);
    if (!job) throw new HttpError(404, 'not_found', 'There is no such ingest job.');
    return view(job);
  });
};
export default routes;
