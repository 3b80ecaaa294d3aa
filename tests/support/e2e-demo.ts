/** The size of the end-to-end runs' demo library (playwright.config.ts, scripts/e2e.ts). */
export const E2E_DEMO_TITLES = '40';
