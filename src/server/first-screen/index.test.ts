import { describe, expect, it } from 'vitest';
import { jsonInPage } from './index';

describe('jsonInPage', () => {
  it('never closes the element it is in, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- a & b -->' };
    const text = jsonInPage(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});
