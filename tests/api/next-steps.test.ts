// Next steps instead of dead ends: a reader's own question on the contact page (no
// institution details asked), and a listing's language picker that offers only languages the
// category has titles in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
});
afterAll(() => t?.close());

describe('POST /api/account/question', () => {
  const question = { userName: 'Asha Rao', emailId: 'asha@college.example', Message: 'How do I read offline?' };

  it('takes a name, an e-mail address and a message, keeps it and mails the team', async () => {
    const res = await apiClient(t.app, xsrf).call(endpoints.accountQuestion, { body: question });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Thank you');
    const { rows } = await t.db.query(`SELECT user_name, email, message, institution_name, campuses FROM enquiries`);
    expect(rows).toEqual([
      { user_name: 'Asha Rao', email: 'asha@college.example', message: 'How do I read offline?', institution_name: null, campuses: null },
    ]);
    const team = outbox.mails.find((m) => m.to === 'support@lectern.app')!;
    expect(team.subject).toBe('Question from a reader, Asha Rao');
    expect(team.text).toContain('How do I read offline?');
    expect(team.text).not.toContain('Institution:');
  });

  it('refuses a missing message with the spec text, storing nothing', async () => {
    const before = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enquiries`)).rows[0].n;
    const res = await apiClient(t.app, xsrf).call(endpoints.accountQuestion, { body: { ...question, Message: '' } });
    expect(res.status).toBe(400);
    expect(res.error.message).toContain('Message field is required');
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enquiries`)).rows[0].n).toBe(before);
  });
});

describe('getLanguages for a category', () => {
  const codes = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/content/getLanguages${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json().languages as { lang_code: string }[]).map((l) => l.lang_code);
  };

  it('lists only the languages the category has titles in; without one, every language', async () => {
    expect(await codes()).toEqual(['en', 'hi', 'fr']);
    expect(await codes(`?categoryID=${FX.cats.business}`)).toEqual(['en', 'hi']);
    expect(await codes(`?categoryID=${FX.cats.tech}`)).toEqual(['en', 'fr']);
    expect(await codes('?categoryID=F')).toEqual(['en']); // only Business Weekly is featured
  });

  it('follows the age rating and the institution like the listing does', async () => {
    expect(await codes(`?categoryID=${FX.cats.tech}&age_rate=5`)).toEqual(['en']); // the French title is rated 18
    expect(await codes(`?categoryID=${FX.cats.newspapers}&edzLibId=${FX.inst.noFlags}`)).toEqual([]);
  });

  it('refuses a category that is not one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/content/getLanguages?categoryID=XX' });
    expect(res.statusCode).toBe(400);
  });
});
