// The plans' texts are an i18next namespace of their own (locales/plans/<locale>.json), loaded
// with the plans and payment screens only.
import { useNamespaceTexts } from '../../lib/namespaceTexts';

const loaders = {
  en: () => import('../../../../locales/plans/en.json'),
  hi: () => import('../../../../locales/plans/hi.json'),
};

export const usePlansTexts = () => useNamespaceTexts('plans', loaders);
