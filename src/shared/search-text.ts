import { repairSplitMatras } from './hindi-text';

// The one form of text that search compares, on both sides: page text when it is stored and
// every query. NFKC folds compatibility forms into the letters people type: Arabic presentation
// forms (ﻣﺮﺣﺒﺎ → مرحبا), full-width Latin, ligatures such as ﬁ, half-width katakana. Devanagari
// gets the matras that PDF extraction splits put back (hindi-text.ts): 'छात्रां' is 'छात्रों'.
export const searchText = (text: string): string => repairSplitMatras(text.normalize('NFKC'));

/** Runs of Chinese and Japanese (kana and ideographs), written without spaces between words.
 * Page text indexes them as two-character pieces (the SQL function cjk_grams, migration 013,
 * uses the same ranges), and queries ask for those pieces. */
export const CJK_RUN = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)/u;
