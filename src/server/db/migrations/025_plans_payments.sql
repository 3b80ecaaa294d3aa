-- Personal plans and their payments. A plan is what a reader with no institution (or
-- an expired one) can buy: a period, a price in minor units of a currency, and what it opens
-- (the shape of a zone's `opens`: {"all": true} or {"sections": [...]}, {"categories": [...]}).
CREATE TABLE plans (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{1,40}$'),
  name        text NOT NULL,
  name_hi     text,
  period_days integer NOT NULL CHECK (period_days BETWEEN 1 AND 3660),
  price_minor integer NOT NULL CHECK (price_minor > 0),
  currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  opens       jsonb NOT NULL,
  active      boolean NOT NULL DEFAULT true,
  sort        integer NOT NULL DEFAULT 0
);

-- An order: created → paid | failed, nothing else (spec §1: all sales final, so no refund state).
-- The price and what the plan opens are copied at purchase: a later change of the plan does not
-- change what was bought. starts_at/ends_at are the reading period, set when it is paid.
CREATE TABLE orders (
  id           bigserial PRIMARY KEY,
  public_id    uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id      integer NOT NULL REFERENCES plans(id),
  amount_minor integer NOT NULL,
  currency     text NOT NULL,
  period_days  integer NOT NULL,
  opens        jsonb NOT NULL,
  state        text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'paid', 'failed')),
  provider     text NOT NULL,
  provider_ref text UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz,
  starts_at    timestamptz,
  ends_at      timestamptz,
  CHECK ((state = 'paid') = (ends_at IS NOT NULL))
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_paid_idx ON orders (user_id, ends_at) WHERE state = 'paid';

-- Every provider event processed, by its id: a replayed webhook finds its id here and changes nothing.
CREATE TABLE payment_events (
  event_id    text PRIMARY KEY,
  provider    text NOT NULL,
  type        text NOT NULL,
  order_id    bigint REFERENCES orders(id) ON DELETE SET NULL,
  outcome     text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The demo's plans (prices in paise; taxes are the buyer's, spec §1).
INSERT INTO plans (code, name, name_hi, period_days, price_minor, currency, opens, sort) VALUES
  ('magazines-month', 'Magazines, one month', 'पत्रिकाएँ, एक महीना', 30, 14900, 'INR', '{"sections": ["magazines"]}', 1),
  ('everything-month', 'Everything, one month', 'सब कुछ, एक महीना', 30, 24900, 'INR', '{"all": true}', 2),
  ('everything-year', 'Everything, one year', 'सब कुछ, एक साल', 365, 199900, 'INR', '{"all": true}', 3);
