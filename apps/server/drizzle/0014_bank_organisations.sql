-- The organisations the bank knows (packages/contracts/src/organisations.ts): created here, by
-- their fixed ids, rather than on first use under a username anyone could have registered
-- first. A demo reset re-creates them with the same values (apps/server/src/seed/organisations.ts).
--
-- An earlier install may hold the username or the address already: the shop's company as it was
-- opened on first use, or whoever registered the name. That entry keeps its rows and money under
-- a new username and address (its id in them); the organisation below is the one paid from now on.
UPDATE "users"
SET "uid" = 'retail-shop-ltd-' || left("id"::text, 8),
    "email" = left("id"::text, 8) || '.' || "email"
WHERE "id" <> '00000000-0000-4000-8000-00000000a001'
  AND ("uid" = 'retail-shop-ltd' OR lower("email") = 'payments@retail-shop.example');
--> statement-breakpoint
INSERT INTO "users" ("id", "uid", "first_name", "last_name", "email", "user_type", "password_hash")
VALUES ('00000000-0000-4000-8000-00000000a001', 'retail-shop-ltd', 'Retail Shop', 'Ltd',
        'payments@retail-shop.example', 'customer', NULL)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "accounts" ("id", "owner_id", "kind", "position", "balance_cents", "number_suffix")
VALUES ('0200000017', '00000000-0000-4000-8000-00000000a001', 'checking', 0, 0, '0017')
ON CONFLICT ("id") DO NOTHING;
