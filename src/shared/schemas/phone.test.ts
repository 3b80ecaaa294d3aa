import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../validation';

// Each test imports phone.ts afresh: the plans are loaded once per module.
beforeEach(() => vi.resetModules());
const phone = () => import('./phone');
const mobile = (number: string, country?: string) => ({ channel: 'mobile', mobile: number, countryCode: '+91', country });

describe('mobile numbers against their country plan', () => {
  it('never lets a number through unchecked before the plans are loaded', async () => {
    const { CheckedContact } = await phone();
    expect(() => CheckedContact.safeParse(mobile('9876501234'))).toThrow(/numbering plans are not loaded/);
    // An e-mail address needs no plan.
    expect(CheckedContact.safeParse({ channel: 'email', email: 'reader@demo.edu' }).success).toBe(true);
  });

  it('checks a number against the plan once loaded', async () => {
    const { CheckedContact, loadPhonePlans } = await phone();
    await loadPhonePlans();
    expect(CheckedContact.safeParse(mobile('9876501234', 'IN')).success).toBe(true);
    // Ten digits, but no Indian mobile number starts with 1.
    const refused = CheckedContact.safeParse(mobile('1876501234', 'IN'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['mobile'], message: MESSAGES.mobileInvalid });
    // The country must be one dialled with the code.
    expect(CheckedContact.safeParse(mobile('7911123456', 'GB')).success).toBe(false);
  });
});
