// Translating a story with the browser's on-device translator: busy and failed come from the hook.
import { useMutation } from '@tanstack/react-query';

type TranslatorApi = {
  availability(o: { sourceLanguage: string; targetLanguage: string }): Promise<string>;
  create(o: { sourceLanguage: string; targetLanguage: string }): Promise<{ translate(text: string): Promise<string> }>;
};
export const translatorApi = () => (globalThis as { Translator?: TranslatorApi }).Translator;

/** The story's paragraphs in the page's language. Offline too: a translator already on the device
 * needs no network (the tools say so before a download would). */
export function useTranslateStory() {
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ from, to, paragraphs }: { from: string; to: string; paragraphs: string[] }) => {
      const translator = await translatorApi()!.create({ sourceLanguage: from, targetLanguage: to });
      return Promise.all(paragraphs.map((p) => translator.translate(p)));
    },
  });
}
