// "Ask your institution": a photo or PDF of the reader's institution ID goes to its librarian.
// Checked here first (type, 5 MB) so nothing is sent that the server would refuse.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { callApi } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { saveUser } from '../../lib/session';
import { institutions, userUploadid } from '../../../shared/endpoints/account';
import { appPaths } from '../../../shared/app-paths';

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const MAX_BYTES = 5 * 1024 * 1024;

export function IdUploadForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { data } = useQuery({
    queryKey: ['institutions'],
    queryFn: ({ signal }) => callApi(institutions, {}, signal),
  });
  const [institutionId, setInstitutionId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!institutionId) return setError(t('idUpload.chooseInstitution'));
    if (!file) return setError(t('idUpload.chooseFile'));
    if (!ACCEPT.includes(file.type)) return setError(t('idUpload.wrongType'));
    if (file.size > MAX_BYTES) return setError(t('idUpload.tooLarge'));
    const form = new FormData();
    form.set('institutionId', institutionId);
    form.set('file', file);
    setBusy(true);
    setError(null);
    try {
      saveUser(await callApi(userUploadid, { body: form }));
      navigate(to(appPaths.idThankYou));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
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
            setError(null);
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
            setError(null);
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
