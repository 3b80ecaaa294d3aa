// What a browser's User-Agent says of the device, in the words a reader or a librarian would use to
// tell their devices apart ("Chrome" on "Android"); never shown as the raw string but as a last resort.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [string, string][] = [
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Windows', 'Windows'],
  ['Mac OS', 'macOS'],
  ['CrOS', 'ChromeOS'],
  ['Linux', 'Linux'],
];

/** The browser and the system, each null when the User-Agent does not say. */
export function deviceParts(ua: string | null): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([s]) => ua.includes(s))?.[1] ?? null,
  };
}

/** "Chrome on Android" (what a librarian needs to tell devices apart). */
export function deviceName(ua: string | null): string {
  if (!ua) return '';
  const { browser, os } = deviceParts(ua);
  return browser && os ? `${browser} on ${os}` : (browser ?? os ?? ua.slice(0, 60));
}
