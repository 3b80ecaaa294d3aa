// One error shape for every failure: { error: { code, message } }. Bad input is a 4xx with a
// message that says what is wrong; anything else is a 500 whose details stay in the log.
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable';
import { isStorageFull, STORAGE_FULL_MESSAGE } from '../media/full';
import { consoleFieldText } from '../../shared/console-fields';
import consoleTexts from '../../../locales/console/en.json' with { type: 'json' };
import { HttpError } from '../http-error';

/** A console field's English label, or null when the field has none (its API name is never shown). */
const consoleFieldLabel = (field: string) => {
  const key = consoleFieldText(field);
  return key ? consoleTexts[key] : null;
};

const BROKEN_MULTIPART = /unexpected end of multipart data|Boundary not found|Malformed part header/i;

export default fp(async (app) => {
  app.setErrorHandler((err: any, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The console names a field by its label on screen; other callers (apps, harvesters) by its API name.
      const inConsole = /^\/api\/console\//.test(req.url);
      const message = err.validation
        .map((v) => {
          const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          const name = inConsole ? consoleFieldLabel(field) : field;
          return name ? `${name}: ${v.message}` : v.message;
        })
        .join('; ');
      return reply.code(400).send({ error: { code: 'bad_request', message } });
    }
    // A multipart body that ends early or names no boundary is a broken upload, not a server fault
    // (the parser's errors carry no status).
    if (
      err instanceof Error &&
      !('statusCode' in err) &&
      /^multipart\//i.test(String(req.headers['content-type'])) &&
      BROKEN_MULTIPART.test(err.message)
    ) {
      return reply.code(400).send({ error: { code: 'bad_request', message: 'The upload could not be read. Please try again.' } });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status < 500) {
      return reply.code(status).send({ error: { code: err.code ?? 'bad_request', message: err.message } });
    }
    // The database restarting or out of reach is an outage, not a bug: say when to come back.
    if (isDatabaseUnavailable(err)) {
      req.log.warn(`database unavailable: ${err.message}`);
      reply.header('Retry-After', String(DB_RETRY_AFTER_S));
      return reply
        .code(503)
        .send({ error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' } });
    }
    if (isStorageFull(err)) {
      req.log.error(`media storage full: ${err.message}`);
      return reply.code(507).send({ error: { code: 'storage_full', message: STORAGE_FULL_MESSAGE } });
    }
    // With no line per request (REQUEST_LOG unset), the error names its request itself.
    req.log.error({ err, req }, 'request failed');
    return reply.code(500).send({ error: { code: 'internal', message: 'Some error occured. Please try again later!' } });
  });
});
