// Starting (or resuming) an issue's download where the reader asks for it. A plain hook, not a
// query-cache mutation: the reader's own bundle (reader.html) uses it too, and has no query
// client. Progress comes from the store (useDownloads); this keeps what went wrong with the start.
import { useState } from 'react';
import { downloadIssue } from '../../downloads/store';

export function useStartDownload(issueId: number) {
  const [error, setError] = useState<unknown>(null);
  const start = () => {
    setError(null);
    downloadIssue(issueId).catch((err: unknown) => setError(err));
  };
  return { start, error };
}
