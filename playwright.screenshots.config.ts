import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the README's pictures (e2e/screenshots/), made by the journeys'
 * own machinery against one server started as the suite starts it. Not part of `npm test`:
 * pictures are refreshed when the pages change, and reviewed as any change is.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/screenshots',
  projects: [{}],
  workers: 1,
});
