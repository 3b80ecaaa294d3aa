import { appPaths } from '../../../shared/app-paths';
// My Shelf's route: not one of the spec's (it names none for this), so it is ours to choose.
export const SHELF_PATH = appPaths.shelf;
export const DOWNLOADS_PATH = appPaths.downloads;
/** Where Browse leads (the tab bar's tab, an empty shelf's way out). */
export const BROWSE_PATH = appPaths.magazinesInLanguage;
