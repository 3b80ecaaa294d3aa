import { useTranslation } from 'react-i18next';

export default function UpdateToast({ apply, onLater }: { apply: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="toast" role="status" data-testid="update-prompt">
      <span>{t('pwa.updateAvailable')}</span>
      <button type="button" className="button button--small" onClick={apply}>
        {t('pwa.reload')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={onLater}>
        {t('pwa.later')}
      </button>
    </div>
  );
}
