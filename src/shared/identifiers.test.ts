import { describe, expect, it } from 'vitest';
import { checkDoi, checkIdentifier, checkIsbn, checkIssn, checkTitleIdentifiers, issnCheckChar } from './identifiers';

describe('ISSN', () => {
  it('accepts a valid ISSN in the forms people type and stores NNNN-NNNC', () => {
    expect(checkIssn('0378-5955')).toEqual({ ok: true, value: '0378-5955' });
    expect(checkIssn(' 03785955 ')).toEqual({ ok: true, value: '0378-5955' });
    expect(checkIssn('ISSN 0378-5955')).toEqual({ ok: true, value: '0378-5955' });
    // check character X (10), typed in lower case
    expect(checkIssn('2434-561x')).toEqual({ ok: true, value: '2434-561X' });
    expect(issnCheckChar('2434561')).toBe('X');
    expect(checkIssn('0317-8471')).toEqual({ ok: true, value: '0317-8471' });
  });
  it('refuses a wrong check digit and a malformed one, naming the field', () => {
    expect(checkIssn('0378-5954')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Print ISSN '0378-5954' has a wrong check digit/),
    });
    expect(checkIssn('0378-595', 'onlineIssn')).toEqual({ ok: false, message: expect.stringMatching(/^Online ISSN .* is not an ISSN/) });
    expect(checkIssn('X378-5955').ok).toBe(false);
    expect(checkIssn('0378-595X').ok).toBe(false);
  });
});

describe('ISBN', () => {
  it('turns a valid ISBN-10 into its ISBN-13 and keeps an ISBN-13 without hyphens', () => {
    expect(checkIsbn('0-306-40615-2')).toEqual({ ok: true, value: '9780306406157' });
    expect(checkIsbn('080442957X')).toEqual({ ok: true, value: '9780804429573' });
    expect(checkIsbn('978-0-306-40615-7')).toEqual({ ok: true, value: '9780306406157' });
    expect(checkIsbn('ISBN 979-10-90636-07-1')).toEqual({ ok: true, value: '9791090636071' });
  });
  it('refuses wrong check digits, wrong prefixes and lengths', () => {
    expect(checkIsbn('0-306-40615-3')).toEqual({ ok: false, message: expect.stringMatching(/^ISBN .* wrong check digit/) });
    expect(checkIsbn('978-0-306-40615-8')).toEqual({ ok: false, message: expect.stringMatching(/^ISBN .* wrong check digit/) });
    expect(checkIsbn('977-0-306-40615-7')).toEqual({ ok: false, message: expect.stringMatching(/begins with 978 or 979/) });
    expect(checkIsbn('12345').ok).toBe(false);
    expect(checkIsbn('97803064061X7').ok).toBe(false);
  });
});

describe('DOI', () => {
  it('accepts 10.NNNN/suffix, drops a resolver or doi: prefix, stores lower case', () => {
    expect(checkDoi('10.1000/XYZ123')).toEqual({ ok: true, value: '10.1000/xyz123' });
    expect(checkDoi('https://doi.org/10.1016/j.heares.2026.01.004')).toEqual({ ok: true, value: '10.1016/j.heares.2026.01.004' });
    expect(checkDoi('doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0').ok).toBe(true);
    expect(checkDoi('10.1000.10/abc')).toEqual({ ok: true, value: '10.1000.10/abc' });
  });
  it('refuses what is not a DOI', () => {
    expect(checkDoi('11.1000/abc')).toEqual({ ok: false, message: expect.stringMatching(/^DOI '11.1000\/abc' is not a DOI/) });
    expect(checkDoi('10.100/abc').ok).toBe(false);
    expect(checkDoi('10.1000/').ok).toBe(false);
    expect(checkDoi('10.1000/a b').ok).toBe(false);
    expect(checkDoi(`10.1000/${'a'.repeat(300)}`)).toEqual({ ok: false, message: expect.stringMatching(/^DOI is longer than 200/) });
  });
});

describe('checkIdentifier and checkTitleIdentifiers', () => {
  it('takes empty as none and refuses control characters', () => {
    expect(checkIdentifier('isbn', '  ')).toEqual({ ok: true, value: null });
    expect(checkIdentifier('doi', undefined)).toEqual({ ok: true, value: null });
    expect(checkIdentifier('printIssn', '0378-5955\u0000')).toEqual({ ok: false, message: 'Print ISSN contains a control character' });
  });
  it('lists every problem, and refuses the same ISSN for print and online', () => {
    expect(checkTitleIdentifiers({ printIssn: '0378-5954', onlineIssn: 'nope', isbn: '' })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^Print ISSN/), expect.stringMatching(/^Online ISSN/)],
    });
    expect(checkTitleIdentifiers({ printIssn: '0378-5955', onlineIssn: '03785955' })).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^Online ISSN is the same as the Print ISSN/)],
    });
    expect(checkTitleIdentifiers({ printIssn: '0378 5955', onlineIssn: '1878-5891' })).toEqual({
      ok: true,
      value: { printIssn: '0378-5955', onlineIssn: '1878-5891', isbn: null },
    });
  });
});
