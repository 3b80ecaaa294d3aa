import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenUpdateReady } from './register';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => whenUpdateReady((fn) => setApply(() => fn)), []);
  if (!apply) return null;
  return (
    <div className="toast" role="status" data-testid="update-prompt">
      <span>{t('pwa.updateAvailable')}</span>
      <button type="button" className="button button--small" onClick={apply}>
        {t('pwa.reload')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => setApply(null)}>
        {t('pwa.later')}
      </button>
    </div>
  );
}
