// Covers at the widths ingest renders them (150/300/450 px), offered to the browser with width
// descriptors and the `sizes` of each place a cover appears, so it picks by the laid-out size
// and the screen's density (the spec's 1x/2x/3x `imageSrcSet` ignores the layout).

export const COVER_WIDTHS = [150, 300, 450] as const;

/** "a.webp 150w, b.webp 300w, c.webp 450w" from the spec's "a.webp 1x, b.webp 2x, c.webp 3x". */
export const coverSrcSet = (densitySet: string | null | undefined) =>
  densitySet?.replace(/ ([123])x\b/g, (_, d: string) => ` ${COVER_WIDTHS[Number(d) - 1]}w`) || undefined;

/** How wide a cover is laid out in each place (styles.css, listing.css, title.css, shelf.css); also
 * what index.html's boot script preloads the first covers with. */
export const COVER_SIZES = {
  /** A card in a horizontal shelf: 138 px on phones, 158 px from 720 px. */
  shelf: '(min-width: 720px) 158px, 138px',
  /** A card in a grid of two or more columns. */
  grid: '(min-width: 720px) 190px, calc(50vw - 24px)',
  /** The title page's cover: 104 px beside the name on phones, 300 px beside the details. */
  title: '(min-width: 720px) 300px, 104px',
  /** A search result's thumbnail. */
  thumb: '80px',
} as const;

/** A listing grid's first covers, in view on arrival (the page's largest paint): loaded at once. */
export const EAGER_GRID_COVERS = 6;
