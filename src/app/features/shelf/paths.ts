// My Shelf's route: not one of the spec's (it names none for this), so it is ours to choose.
// Tiny on purpose: the page frame's menus link to it.
export const SHELF_PATH = '/shelf';
export const DOWNLOADS_PATH = '/dashboard/downloads';
/** Where Browse leads (the tab bar's tab, an empty shelf's way out). */
export const BROWSE_PATH = '/magazines/BS/:lang';
