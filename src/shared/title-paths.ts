// Title and issue URLs (spec §2): the title's id, then its name with spaces turned into hyphens,
// /magazine/12-Business-Weekly and /magazine/12-Business-Weekly/345. The id leads, so the older
// /magazine/12 (bookmarks, mail, KBART) still names the same title and is sent on to the new form.

/** The name as a URL segment: spaces to hyphens; letters (any script, with their marks) and digits kept. */
export const titleSlug = (name: string) =>
  name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');

/** The title's segment of the path: `12-Business-Weekly`, or `12` when the name is not known. */
export const titleSegment = (mid: number, name?: string | null) => {
  const slug = name ? titleSlug(name) : '';
  return slug ? `${mid}-${slug}` : String(mid);
};
export const titlePath = (mid: number, name?: string | null) => `/magazine/${titleSegment(mid, name)}`;
export const issuePath = (mid: number, name: string | null | undefined, issueId: number) => `${titlePath(mid, name)}/${issueId}`;

/** A /magazine/ segment: the title id (the first group), then its name if given. */
export const MID_SEGMENT = '^([1-9]\\d{0,8})(?:-|$)';

const MID = new RegExp(MID_SEGMENT);

/** The title id of a /magazine/ segment, with or without its name; null for anything else. */
export function midOf(segment: string | undefined): number | null {
  const m = MID.exec(segment ?? '');
  return m ? Number(m[1]) : null;
}
