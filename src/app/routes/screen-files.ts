// The list of every screen's files that link prefetch reads from index.html (routes/prefetch.ts),
// packed by the build (vite.config.ts): each file named once, each screen's files as indexes into
// that list. Written out, each of 40 screens named its 8-13 files in full, 24 KB of every shell
// and drawn page for the browser to parse before the first paint, for a list used after it.
export type ScreenFiles = Record<string, string[]>;
export interface PackedScreenFiles {
  files: string[];
  screens: Record<string, number[]>;
}

export function packScreenFiles(screens: ScreenFiles): PackedScreenFiles {
  const files: string[] = [];
  const index = new Map<string, number>();
  const indexOf = (file: string) => {
    if (!index.has(file)) index.set(file, files.push(file) - 1);
    return index.get(file)!;
  };
  return { files, screens: Object.fromEntries(Object.entries(screens).map(([key, list]) => [key, list.map(indexOf)])) };
}

export function unpackScreenFiles(packed: PackedScreenFiles): ScreenFiles {
  return Object.fromEntries(Object.entries(packed.screens).map(([key, list]) => [key, list.map((i) => packed.files[i])]));
}
