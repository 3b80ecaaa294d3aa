// The console's branding section: the institution's display name and logo, with a preview of the
// readers' header (drawn with the header's own styles) before anything is saved. The server
// checks the image and draws the three sizes; readers see the new logo at their next start.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { LOGO_MAX_BYTES, type ConsoleBranding } from '../../../shared/schemas/console-access';
import { brandingQuery, useSaveBranding } from './access-queries';
import { consoleTexts } from './texts';
import { QueryProblem, useRefusalText, type SectionProps } from './ConsoleParts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function BrandingSection({ institutionId }: SectionProps) {
  const branding = useQuery(brandingQuery(institutionId));
  if (branding.error) return <QueryProblem error={branding.error} retry={branding.refetch} />;
  if (!branding.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  // A new form when the saved branding changes (another institution, or after saving).
  return (
    <BrandingForm
      key={`${institutionId}:${branding.data.name}:${branding.data.logo1}`}
      institutionId={institutionId}
      saved={branding.data}
    />
  );
}

function BrandingForm({ institutionId, saved }: { institutionId: number; saved: ConsoleBranding }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const { t: tApp } = useTranslation();
  const refusal = useRefusalText();
  const [name, setName] = useState(saved.name);
  // The chosen file and an object URL to show it as it is (let go when another is chosen).
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const save = useSaveBranding(institutionId);
  useEffect(
    () => () => {
      if (logo) URL.revokeObjectURL(logo.url);
    },
    [logo],
  );

  const choose = (file: File | undefined) => {
    setFileError(null);
    setLogo(null);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setFileError(t('logoType'));
    if (file.size > LOGO_MAX_BYTES) return setFileError(t('logoTooLarge', { mb: LOGO_MAX_BYTES / 1024 / 1024 }));
    setLogo({ file, url: URL.createObjectURL(file) });
  };
  const changed = logo !== null || name.trim() !== saved.name;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim() === saved.name ? null : name, logo: logo?.file ?? null },
      { onSuccess: () => showToast(t('brandingSaved')) },
    );
  };
  const shown = logo?.url ?? saved.logo1;

  return (
    <section aria-labelledby="branding-title" className="console__section">
      <h2 id="branding-title" className="console__heading">
        {t('branding')}
      </h2>
      <p className="console__note">{t('brandingHelp')}</p>
      <div className="console__columns console__columns--even">
        <form className="console-form console__panel" onSubmit={onSubmit} noValidate data-testid="branding-form">
          <Field
            label={t('displayName')}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            data-testid="branding-name"
          />
          <Field
            label={t('logo')}
            hint={t('logoHint', { mb: LOGO_MAX_BYTES / 1024 / 1024 })}
            type="file"
            accept={LOGO_TYPES.join(',')}
            onChange={(e) => choose(e.target.files?.[0])}
            error={fileError}
            data-testid="branding-logo"
          />
          {save.error && (
            <p className="form-error" role="alert">
              {refusal(save.error)}
            </p>
          )}
          <button type="submit" className="button" disabled={!changed || save.isPending || !!fileError} data-testid="branding-save">
            {t('save')}
          </button>
        </form>
        <figure className="console-preview console__panel" data-testid="branding-preview">
          <figcaption className="console__subheading">
            {logo || name.trim() !== saved.name ? t('previewUnsaved') : t('previewSaved')}
          </figcaption>
          {/* The readers' header, with its own classes: what they will see, at this width. */}
          <div className="console-preview__header">
            <span className="brand">
              <span className="brand__mark" aria-hidden="true" />
              <span className="brand__name">{tApp('brand.name')}</span>
            </span>
            {shown && (
              <span className="library-brand">
                <img src={shown} alt={name} width={96} height={32} data-testid="preview-logo" />
              </span>
            )}
          </div>
          {!shown && <p className="console__empty">{t('noLogo')}</p>}
          <p className="console-preview__name" data-testid="preview-name">
            {name.trim() || saved.name}
          </p>
        </figure>
      </div>
    </section>
  );
}
