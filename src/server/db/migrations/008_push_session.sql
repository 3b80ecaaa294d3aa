-- A push subscription belongs to the session that turned it on: signing out (or a password change
-- ending the other sessions) removes it, so the next person on a shared device is not told where
-- the last reader was, and its ping key stops working with it.
ALTER TABLE push_subscriptions ADD COLUMN session_id uuid REFERENCES user_sessions(id) ON DELETE CASCADE;
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id);
