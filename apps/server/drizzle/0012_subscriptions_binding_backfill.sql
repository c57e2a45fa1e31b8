-- Payments recorded before payments were bound to their plan: the subscription's plan and cycle
-- now are the best record of what they were asked for.
UPDATE "subscription_payments" p
SET "plan_id" = s."plan_id", "billing_cycle" = s."billing_cycle"
FROM "subscriptions" s
WHERE s."business_id" = p."business_id" AND s."id" = p."subscription_id" AND p."plan_id" IS NULL;
--> statement-breakpoint
-- Accounts switched off before the reason was kept: lapsed where the business's last subscription
-- expired and none is live, suspended (by support) otherwise.
UPDATE "businesses" b
SET "inactive_reason" = CASE
  WHEN EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."business_id" = b."id" AND s."status" = 'expired')
   AND NOT EXISTS (
     SELECT 1 FROM "subscriptions" s WHERE s."business_id" = b."id" AND s."status" IN ('pending', 'active', 'past_due')
   )
  THEN 'lapsed' ELSE 'suspended' END
WHERE NOT b."account_active" AND b."inactive_reason" IS NULL;
