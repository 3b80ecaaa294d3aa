// The boot script's data requests come from the route table: the URLs the first screens' data
// asks for a visitor, with the address's parameters as placeholders, filled in as index.html's
// boot script does (the same code, run here on the built lists).
import { describe, expect, it } from 'vitest';
import { bootData, type BootData } from './boot-data';

/** index.html's filling in, for an address without /hi. */
function bootUrls(own: BootData, path: string): string[] {
  const at = new RegExp(own.path, 'i').exec(path);
  if (!at) return [];
  let urls = own.urls;
  for (const name of Object.keys(own.params)) {
    const value = new RegExp(own.params[name]).exec(at.groups![name]);
    urls = !value ? [] : urls.map((url) => url.split(`{${name}}`).join(encodeURIComponent(value[1] || value[0])));
  }
  return urls;
}

describe("the boot script's data requests", () => {
  it("are the URLs each first screen's data asks for a visitor, at its first path only", async () => {
    const data = await bootData();
    expect(data.home?.urls).toEqual(['/content/home?edzLibId=0&age_rate=5']);
    expect(bootUrls(data.home!, '/')).toEqual(['/content/home?edzLibId=0&age_rate=5']);
    expect(bootUrls(data.listing!, '/magazines/BS')).toEqual([
      '/content/magazine-filter?categoryID=BS&edzLibId=0&page=0&age_rate=5&gold=1&storeID=1',
      '/content/getCategories?edzLibId=0',
      '/content/getLanguages?categoryID=BS&edzLibId=0&age_rate=5',
    ]);
    // (the categories whose listing the app may not ask for, and a listing by language)
    for (const path of ['/magazines/52', '/magazines/127', '/magazines/154', '/magazines/BS/hi'])
      expect(bootUrls(data.listing!, path), path).toEqual([]);
    expect(bootUrls(data.listing!, '/magazines/1270')).toHaveLength(3);
    expect(bootUrls(data.title!, '/magazine/12-The-Week')).toEqual([
      '/content/magMeta?mid=12',
      '/content/getIssuesByMag?mid=12',
      '/content/getIssuesByMag?mid=12&isSpecialIssue=1',
      '/content/getStores',
      '/content/magazine-related?mid=12&page=0',
    ]);
    expect(bootUrls(data.title!, '/magazine/12')).toHaveLength(5);
    for (const path of ['/magazine/not-a-title', '/magazine/0', '/magazine/12-The-Week/345'])
      expect(bootUrls(data.title!, path), path).toEqual([]);
  });
});
