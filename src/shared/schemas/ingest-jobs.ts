// Bulk import's upload endpoint: an admin posts a PDF with the manifest's fields and
// follows the queued job.
import { z } from 'zod';
import { int } from './fields';

export const IngestJobParams = z.object({ id: int(1) });

/** The upload form's text fields: the manifest's columns but the file. */
export const INGEST_UPLOAD_FIELDS = [
  'title',
  'issue',
  'date',
  'category',
  'language',
  'publisher',
  'type',
  'issn',
  'eissn',
  'isbn',
  'doi',
  'volume',
  'number',
] as const;

export const IngestJobView = z.object({
  id: z.number(),
  state: z.enum(['queued', 'running', 'done', 'skipped', 'failed']),
  title: z.string(),
  issue: z.string(),
  pagesDone: z.number(),
  pagesTotal: z.number().nullable(),
  /** the outcome: what was made, why it was skipped or refused */
  message: z.string().nullable(),
  issueId: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type IngestJobView = z.infer<typeof IngestJobView>;
