import { describe, expect, it } from 'vitest';
import { INT4_MAX, int } from './fields';

const refusal = (schema: ReturnType<typeof int>, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error.issues.map((i) => i.message).join('; ');
};

describe('int', () => {
  it('takes digits with an optional minus, and JSON whole numbers, within its bounds', () => {
    const any = int(-5, 100);
    for (const [v, n] of [
      ['12', 12],
      ['-3', -3],
      ['007', 7],
      ['0', 0],
      [42, 42],
      [-5, -5],
    ] as const)
      expect(any.parse(v)).toBe(n);
  });

  it('refuses what Number() would take but no client writes, with one message', () => {
    for (const v of [
      '1e1',
      ' 1',
      '1 ',
      '0x1F',
      '0b11',
      '1.0',
      '1.5',
      '+1',
      '',
      ' ',
      'NaN',
      'Infinity',
      '-',
      '1_000',
      '١٢',
      null,
      true,
      [],
      {},
    ])
      expect([v, refusal(int(), v)]).toEqual([v, 'expected a whole number']);
    expect(refusal(int(1, INT4_MAX, 'expected an institution id'), '1e1')).toBe('expected an institution id');
    expect(refusal(int(1, INT4_MAX, 'expected an institution id'), '0')).toBe('expected an institution id');
  });

  it('keeps within int4 and its own bounds', () => {
    expect(refusal(int(), String(INT4_MAX + 1))).toMatch(/Too big/);
    expect(refusal(int(), '-1')).toMatch(/Too small/);
    expect(refusal(int(0, 10), 11)).toMatch(/Too big/);
    expect(refusal(int(), 1.5)).toMatch(/expected int/);
    expect(refusal(int(), '99999999999999999999')).toMatch(/Too big/);
  });
});
