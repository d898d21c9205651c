-- Daily reminders (server/reminders-routes.ts, server/reminder-sender.ts, docs/server.md "Daily
-- reminders"): one row per browser's push subscription, found by its endpoint. Nothing here links
-- it to a crowd result or a group of friends: only what sending the reminder needs.

CREATE TABLE reminder_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint text NOT NULL UNIQUE,
  -- The subscription's keys (RFC 8291), base64url: the message is encrypted to them.
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- The player's local time (HH:MM) in their IANA time zone, so the hour follows daylight saving.
  local_time time NOT NULL,
  time_zone text NOT NULL,
  only_if_not_played boolean NOT NULL DEFAULT true,
  -- The last UTC day this device said it finished that day's puzzle.
  finished_day date,
  -- The player's local date of the last reminder sent: never two in one local day.
  last_sent_day date,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set by every PUT (the browser renews at most once a day while the reminder is on); a row not
  -- renewed for a year is deleted (server/retention.ts).
  renewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminder_subscriptions_renewed_at ON reminder_subscriptions (renewed_at);

-- The server's VAPID key pair (RFC 8292), made by the first server to start (server/db/vapid-keys.ts) and
-- shared by every process on the database; in backups, like server_secret. VAPID_PUBLIC_KEY and
-- VAPID_PRIVATE_KEY, when set, are used instead and this row is left alone.
CREATE TABLE vapid_keys (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
