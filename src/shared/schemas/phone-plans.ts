// The three functions of libphonenumber's mobile plans that phone.ts uses, as a module it imports
// when asked to: a dynamic import of the package itself would bring every one of its exports.
export { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js/mobile';
