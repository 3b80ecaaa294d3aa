// GET /content/getCountryCodes: every country with a telephone numbering plan (libphonenumber's
// metadata, the same the number checks use), its dialling code, flag and name in English and
// Hindi (the runtime's ICU region names), and its store. Sorted by English name; the app puts
// India first and sorts by the reader's language itself.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/mobile';
import { flagOf, type CountryCode } from '../../../shared/schemas/country-codes';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import { DEFAULT_STORE_ID } from '../../../shared/constants';
import * as catalogue from '../../repositories/catalogue';

const english = new Intl.DisplayNames(['en'], { type: 'region' });
const hindi = new Intl.DisplayNames(['hi'], { type: 'region' });

const COUNTRIES: Omit<CountryCode, 'store_id'>[] = getCountries()
  .map((iso) => ({
    iso,
    mobileCode: `+${getCountryCallingCode(iso)}`,
    flag: flagOf(iso),
    name: english.of(iso) ?? iso,
    name_hi: hindi.of(iso) ?? english.of(iso) ?? iso,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.contentCountryCodes, async () => {
    const stores = new Map((await catalogue.stores(app.db.read)).map((s) => [s.country, s.store_id]));
    return { countries: COUNTRIES.map((c) => ({ ...c, store_id: stores.get(c.iso) ?? DEFAULT_STORE_ID })) };
  });
};
export default routes;
