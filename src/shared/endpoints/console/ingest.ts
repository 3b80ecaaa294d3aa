// Bulk import (admins): a manifest of issues to ingest, and its job.
import { get, post } from '../endpoint';
import { IngestJobParams, IngestJobView } from '../../schemas/ingest-jobs';
import { fileErrors } from './errors';

export const consoleIngest = post('/api/console/ingest', { status: 202, reply: IngestJobView, errors: fileErrors });
export const consoleIngestJobs = get('/api/console/ingest/jobs/:id', { params: IngestJobParams, reply: IngestJobView, errors: fileErrors });
