// An outbox change and its kept answer commit together (found by campaign:faults: a server killed
// after read events committed but before onSend kept the answer left the Idempotency-Key reserved
// without one; the retry that takes a stale key over would have stored the events again). Here a
// deferred constraint trigger checks at every commit that stores usage events that the request's
// key already holds its answer, as a process killed right after that commit would leave it: a
// commit that would leave the key bare fails the request instead.
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
  await t.db.exec(`
    CREATE FUNCTION test_answer_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = NEW.user_id AND status IS NULL) THEN
        RAISE EXCEPTION 'usage events committed while their Idempotency-Key holds no answer';
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER test_answer_kept AFTER INSERT ON usage_events
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_answer_kept();`);
});
afterAll(() => t?.close());

async function send(url: string, body: object, token: string, key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body,
    cookies: { 'XSRF-TOKEN': xsrf },
    headers: { 'x-xsrf-token': xsrf, authorization: token, 'idempotency-key': key },
  });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
}
const events = async (userId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events WHERE user_id = $1', [userId])).rows[0].n;

it('read events, app events and views keep their answer in the transaction that stores them; a retry replays it', async () => {
  const api = apiClient(t.app, xsrf);
  const r = await signInByCode(t.db, api, outbox, 'outbox.crash@active.edu');
  const issueId = (await t.db.query<{ id: number }>('SELECT min(issue_id) AS id FROM issues WHERE mid = $1', [FX.mid.biz])).rows[0].id;
  const calls: [string, object, object][] = [
    ['/api/reader/events', { events: [{ kind: 'page_view', issueId, page: 1, at: Date.now() - 1000 }] }, { status: 1, stored: 1 }],
    ['/api/events', { kind: 'search_no_results', detail: 'nothing here' }, { status: 1, message: 'Recorded' }],
    ['/api/events/view', { kind: 'title_view', mid: FX.mid.biz }, { status: 1, message: 'Recorded' }],
  ];
  for (const [url, body, answer] of calls) {
    const key = crypto.randomUUID();
    const before = await events(r.id);
    expect([url, await send(url, body, r.token, key)]).toEqual([url, { status: 200, body: answer, replayed: false }]);
    expect(await send(url, body, r.token, key)).toEqual({ status: 200, body: answer, replayed: true });
    expect(await events(r.id)).toBe(before + 1);
  }
});
