// The issue tile's floating icon (spec §3: floatingImgSrc, floatingImgAltText, showFloatingIcon).
// What it marks is ours to choose: a special issue (the `isSpecialIssue` issues of spec §7), the
// one thing about an issue a reader cannot tell from its cover among the others of its title —
// in the archive, the date filter and search results special and regular issues are mixed.
/** Served by the app (public/icons); the API names it so other clients draw the same. */
export const SPECIAL_ISSUE_ICON = '/icons/special-issue.svg';

export interface FloatingIcon {
  showFloatingIcon: boolean;
  floatingImgSrc: string | null;
  /** English, for other clients; the app shows its own translation (issueCard.special). */
  floatingImgAltText: string | null;
}

export const floatingIcon = (isSpecial: boolean): FloatingIcon =>
  isSpecial
    ? { showFloatingIcon: true, floatingImgSrc: SPECIAL_ISSUE_ICON, floatingImgAltText: 'Special issue' }
    : { showFloatingIcon: false, floatingImgSrc: null, floatingImgAltText: null };
