ALTER TABLE "sales_documents" ADD COLUMN "etims_proof" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "etims_proof" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "etims_error" text;
