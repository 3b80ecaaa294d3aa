import { expect, it } from 'vitest';
import './zod-jitless';

it('zod, loaded after the entry set its global config, parses without compiled parsers', async () => {
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
