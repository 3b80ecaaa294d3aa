// "Ask your institution": a photo or PDF of the reader's institution ID goes to its librarian.
// Checked here first (type, 5 MB) so nothing is sent that the server would refuse.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import { institutionsQuery } from './queries';
import { useUploadId } from './mutations';

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const MAX_BYTES = 5 * 1024 * 1024;

export function IdUploadForm() {
  const { t } = useTranslation();
  const { data } = useQuery(institutionsQuery());
  const upload = useUploadId();
  const [institutionId, setInstitutionId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // What the local checks found; the server's refusal comes from the mutation.
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useErrorText();
  const error = problem ?? (upload.error ? errorText(upload.error) : null);
  // Sent: the button stays busy while the thanks page loads.
  const busy = upload.isPending || upload.isSuccess;
  // An edit answers what was said (never a send still on its way).
  const edited = () => {
    setProblem(null);
    if (upload.isError) upload.reset();
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (upload.isError) upload.reset();
    if (!institutionId) return setProblem(t('idUpload.chooseInstitution'));
    if (!file) return setProblem(t('idUpload.chooseFile'));
    if (!ACCEPT.includes(file.type)) return setProblem(t('idUpload.wrongType'));
    if (file.size > MAX_BYTES) return setProblem(t('idUpload.tooLarge'));
    setProblem(null);
    upload.mutate({ institutionId, file });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form" data-testid="id-upload-form">
      <div className="field">
        <label className="field__label" htmlFor="id-institution">
          {t('idUpload.institution')}
        </label>
        <select
          id="id-institution"
          className="field__input"
          value={institutionId}
          onChange={(e) => {
            setInstitutionId(e.target.value);
            edited();
          }}
        >
          <option value="">{t('idUpload.pick')}</option>
          {data?.institutions.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="id-file">
          {t('idUpload.file')}
        </label>
        <input
          id="id-file"
          className="field__file"
          type="file"
          accept={ACCEPT.join(',')}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            edited();
          }}
        />
        <p className="field__hint">{t('idUpload.hint')}</p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--ghost button--wide" disabled={busy}>
        {busy ? t('idUpload.sending') : t('idUpload.submit')}
      </button>
    </form>
  );
}
