import { describe, expect, it } from 'vitest';
import { pixelBudget } from './page-pool';

describe('pixelBudget', () => {
  it('lets small pages run together and makes large ones take turns', async () => {
    const budget = pixelBudget(10);
    const order: string[] = [];
    await budget.take(4);
    await budget.take(4); // two small pages: 8 of 10
    let largeIn = false;
    const large = budget.take(9).then(() => {
      largeIn = true;
      order.push('large');
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(largeIn).toBe(false);
    budget.give(4);
    await new Promise((r) => setTimeout(r, 10));
    expect(largeIn).toBe(false); // 4 + 9 is still over
    budget.give(4);
    await large;
    expect(order).toEqual(['large']);
    // larger than the whole budget: admitted alone, and the next waits for it
    budget.give(9);
    await budget.take(25);
    let nextIn = false;
    const next = budget.take(1).then(() => (nextIn = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(nextIn).toBe(false);
    budget.give(25);
    await next;
    expect(nextIn).toBe(true);
  });
});
