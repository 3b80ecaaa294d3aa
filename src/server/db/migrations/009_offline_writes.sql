-- Offline writes are delivered exactly once: a write queued in the app's outbox carries an
-- Idempotency-Key, and the first answer to it is kept (30 days) so a retry gets that answer again
-- instead of making the change twice. A row without a response is a request still in flight.
CREATE TABLE idempotency_keys (
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key          text NOT NULL,
  route        text NOT NULL,
  request_hash text NOT NULL,
  status       integer,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Favourites: the newest change wins, by the device's time. A removal stays as a tombstone
-- (removed = true) so an older add delivered later cannot bring the title back.
ALTER TABLE favourites ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
UPDATE favourites SET changed_at = created_at;
ALTER TABLE favourites ADD COLUMN removed boolean NOT NULL DEFAULT false;
