// A UTC calendar day (YYYY-MM-DD, as the console's API gives them) in the reader's language.
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { consoleTexts } from './texts';
import { formatDay } from './dates';

export function useDay() {
  const { lang } = useNamespaceTexts('console', consoleTexts);
  return (day: string) => formatDay(`${day.slice(0, 10)}T00:00:00Z`, lang);
}
