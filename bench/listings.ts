// The uncached listing path as the benches ask for it: five categories (every title, new arrivals,
// featured, a category and the newspapers, which take each of the listing's three plans) × pages 0–9.
export const LISTING_CATEGORIES = ['BS', 'NA', 'F', '3', '154'];
export const LISTING_PATHS = LISTING_CATEGORIES.flatMap((c) =>
  Array.from({ length: 10 }, (_, p) => `/content/magazine-filter?categoryID=${c}&page=${p}`),
);
