// A story category's name in the reader's language ('Cover-Stories' → 'Cover Stories'); an
// unknown category shows its slug with spaces.
import { useTranslation } from 'react-i18next';

export function useCategoryName() {
  const { t, i18n } = useTranslation();
  return (slug: string) =>
    i18n.exists(`stories.categories.${slug}`) ? t(`stories.categories.${slug}` as 'stories.title') : slug.replace(/-/g, ' ');
}
