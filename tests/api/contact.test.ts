// The contact / institution enquiry form: stored and mailed to the team, acknowledged to the
// sender without relaying their words to an unproven address, capped per address and per IP;
// each bad field gets the spec §5 text and nothing is stored.
// On PostgreSQL too: acknowledgements counted against a daily cap, sent at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, unchecked, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(undefined, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
});
afterAll(() => t?.close());

const valid = {
  userName: 'Meena Pillai',
  emailId: 'meena@college.example',
  Message: 'We would like Lectern for our library.',
  institutionName: 'Riverside College',
  desigination: 'Librarian',
  mobile: '9876501234',
  campuses: '2-5' as const,
  students: '1000-5000' as const,
};
const stored = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM enquiries`)).rows[0].n;

describe('POST /api/account/contact', () => {
  it('stores the enquiry and mails the sender a confirmation and the team a copy', async () => {
    const api = apiClient(t.app, xsrf);
    const res = await api.call(endpoints.accountContact, { body: valid });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Thank you');
    const { rows } = await t.db.query(`SELECT user_name, email, institution_name, designation, campuses, students FROM enquiries`);
    expect(rows[0]).toEqual({
      user_name: 'Meena Pillai',
      email: 'meena@college.example',
      institution_name: 'Riverside College',
      designation: 'Librarian',
      campuses: '2-5',
      students: '1000-5000',
    });
    expect(outbox.mails.map((m) => m.to)).toEqual(['support@lectern.app', 'meena@college.example']);
    const [team, ack] = outbox.mails;
    for (const field of Object.values(valid)) expect(team.text).toContain(field); // the team gets everything
    expect(ack.text).toContain('/unsubscribe?t=');
  });

  it('is no relay: the acknowledgement to an unproven address carries nothing the sender wrote', async () => {
    const api = apiClient(t.app, xsrf);
    const spam = {
      ...valid,
      emailId: 'victim@elsewhere.example',
      userName: 'Cheap pills at http://spam.example',
      Message: 'Visit http://spam.example now',
      institutionName: 'WIN A PRIZE http://spam.example',
      desigination: 'Click http://spam.example',
    };
    outbox.mails.length = 0;
    expect((await api.call(endpoints.accountContact, { body: spam })).status).toBe(200);
    const ack = outbox.mails.find((m) => m.to === 'victim@elsewhere.example')!;
    expect(ack.subject).toBe('We have your message to Lectern');
    expect(ack.text).not.toMatch(/spam|Cheap|Visit|PRIZE|Click|9876501234|Riverside/);
    expect(outbox.mails.find((m) => m.to === 'support@lectern.app')!.text).toContain('Visit http://spam.example now');
  });

  it('echoes the message only to a signed-in reader writing from their own address', async () => {
    const api = apiClient(t.app, xsrf);
    const email = 'asha@college.example';
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
    const token = (await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: outbox.codeFor(email)! } }))
      .body.jwtoken;
    outbox.mails.length = 0;
    expect(
      (await api.call(endpoints.accountContact, { body: { ...valid, emailId: 'ASHA@college.example', userName: 'Asha' } }, token)).status,
    ).toBe(200);
    expect((await api.call(endpoints.accountContact, { body: { ...valid, emailId: 'someone.else@college.example' } }, token)).status).toBe(
      200,
    );
    const [own, other] = outbox.mails.filter((m) => m.to !== 'support@lectern.app');
    expect(own.subject).toBe('We have your message, Asha');
    expect(own.text).toContain(valid.Message);
    expect(other.to).toBe('someone.else@college.example');
    expect(other.text).not.toContain(valid.Message);
  });

  it('acknowledges at most 3 messages to one address a day, even sent all at once; the team still gets every one', async () => {
    outbox.mails.length = 0;
    const spellings = ['flood@target.example', 'Flood@target.example', 'FLOOD@TARGET.EXAMPLE'];
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        apiClient(t.app, xsrf).call(endpoints.accountContact, { body: { ...valid, emailId: spellings[i % 3] } }),
      ),
    ); // a new IP address each
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(outbox.mails.filter((m) => m.to.toLowerCase() === 'flood@target.example')).toHaveLength(3);
    expect(outbox.mails.filter((m) => m.to === 'support@lectern.app')).toHaveLength(12);
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
      const res = await api.call(endpoints.accountContact, { body: unchecked({ ...valid, ...change }) });
      expect(res.status, message).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect(await stored()).toBe(before);
  });

  it('needs the XSRF header and takes at most 10 messages an hour from one address', async () => {
    const noXsrf = await t.app.inject({ method: 'POST', url: '/api/account/contact', payload: valid });
    expect(noXsrf.statusCode).toBe(403);
    const oneIp = apiClient(t.app, xsrf, { ip: '198.51.100.4' });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await oneIp.call(endpoints.accountContact, { body: valid })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
