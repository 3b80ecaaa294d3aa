// The long texts of the information pages (legal, FAQ, help) live in locales/pages/<locale>.json
// and load with the page that shows them, not with the app; a missing locale falls back to English.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type en from '../../../../locales/pages/en.json';

export type PageTexts = typeof en;

const loaders: Record<string, () => Promise<{ default: PageTexts }>> = {
  en: () => import('../../../../locales/pages/en.json'),
  hi: () => import('../../../../locales/pages/hi.json'),
};

export function usePageTexts() {
  const { i18n } = useTranslation();
  const locale = loaders[i18n.language] ? i18n.language : 'en';
  return useQuery({ queryKey: ['page-texts', locale], queryFn: async () => (await loaders[locale]()).default, staleTime: Infinity });
}
