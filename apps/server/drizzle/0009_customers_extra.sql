-- Credit sales made before customer records existed carry a typed name and phone only. Link each
-- one whose phone is a Kenyan mobile number (07XXXXXXXX or 01XXXXXXXX) to a customer of its
-- business with that phone (stored as 2547... / 2541...), creating the customer from the most
-- recent name typed for it. Sales with other phones stay unlinked (they cannot be matched).
INSERT INTO "customers" ("business_id", "name", "phone", "created_by", "created_at", "updated_at")
SELECT DISTINCT ON (s."business_id", '254' || substr(btrim(s."customer_phone"), 2))
       s."business_id",
       coalesce(nullif(btrim(s."customer_name"), ''), btrim(s."customer_phone")),
       '254' || substr(btrim(s."customer_phone"), 2),
       'linked from credit sales',
       now(),
       now()
FROM "sales" s
WHERE s."customer_id" IS NULL
  AND s."credit_amount" > 0
  AND btrim(s."customer_phone") ~ '^0[17][0-9]{8}$'
ORDER BY s."business_id", '254' || substr(btrim(s."customer_phone"), 2), s."created_at" DESC
ON CONFLICT ("business_id", "phone") WHERE "archived_at" IS NULL DO NOTHING;
--> statement-breakpoint
UPDATE "sales" s
SET "customer_id" = c."id"
FROM "customers" c
WHERE s."customer_id" IS NULL
  AND s."credit_amount" > 0
  AND btrim(s."customer_phone") ~ '^0[17][0-9]{8}$'
  AND c."business_id" = s."business_id"
  AND c."archived_at" IS NULL
  AND c."phone" = '254' || substr(btrim(s."customer_phone"), 2);
