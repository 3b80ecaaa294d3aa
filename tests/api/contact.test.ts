// The contact / institution enquiry form: stored and confirmed by mail; each bad field gets the
// spec §5 text and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, xsrfToken } from '../support/api-client';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(undefined, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
});
afterAll(() => t?.close());

const valid = {
  userName: 'Meena Pillai', emailId: 'meena@college.example', Message: 'We would like Lectern for our library.',
  institutionName: 'Riverside College', desigination: 'Librarian', mobile: '9876501234', campuses: '2-5', students: '1000-5000',
};
const stored = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enquiries`)).rows[0].n;

describe('POST /api/account/contact', () => {
  it('stores the enquiry and mails the sender a confirmation and the team a copy', async () => {
    const api = apiClient(t.app, xsrf);
    const res = await api.post('/api/account/contact', valid);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Thank you');
    const { rows } = await t.db.query(`SELECT user_name, email, institution_name, designation, campuses, students FROM enquiries`);
    expect(rows[0]).toEqual({ user_name: 'Meena Pillai', email: 'meena@college.example', institution_name: 'Riverside College', designation: 'Librarian', campuses: '2-5', students: '1000-5000' });
    expect(outbox.mails.map((m) => m.to)).toEqual(['meena@college.example', 'support@lectern.app']);
    expect(outbox.mails[0].text).toContain('/unsubscribe?t=');
  });

  it('answers each bad field with the text of spec §5 and stores nothing', async () => {
    const api = apiClient(t.app, xsrf);
    const before = await stored();
    const cases: [Record<string, string>, string][] = [
      [{ userName: '' }, 'Name field is required'],
      [{ Message: ' ' }, 'Message field is required'],
      [{ institutionName: '' }, 'Institution Name field is required'],
      [{ desigination: '' }, 'Desigination field is required'],
      [{ mobile: '' }, 'Mobile number field is required'],
      [{ mobile: '98765abc01' }, 'Mobile number should be numeric'],
      [{ emailId: 'meena@' }, 'Please enter a valid email address'],
      [{ campuses: '' }, 'Please select no. of campus'],
      [{ students: 'lots' }, 'Please select no. of students'],
    ];
    for (const [change, message] of cases) {
      const res = await api.post('/api/account/contact', { ...valid, ...change });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect(await stored()).toBe(before);
  });

  it('needs the XSRF header and takes at most 10 messages an hour from one address', async () => {
    const noXsrf = await t.app.inject({ method: 'POST', url: '/api/account/contact', payload: valid });
    expect(noXsrf.statusCode).toBe(403);
    const oneIp = apiClient(t.app, xsrf, { ip: '198.51.100.4' });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await oneIp.post('/api/account/contact', valid)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
