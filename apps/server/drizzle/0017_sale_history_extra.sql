-- Money and stock records are never erased: a sale's history rows and its credit payments are
-- written once and never updated or deleted (the foreign keys to sales also restrict deleting a
-- sale that has them). TRUNCATE (a restore from backup) is not a row change and still works.
CREATE OR REPLACE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are kept for the audit trail and cannot be changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sale_history_append_only BEFORE UPDATE OR DELETE ON sale_history
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
--> statement-breakpoint
CREATE TRIGGER credit_payments_append_only BEFORE UPDATE OR DELETE ON credit_payments
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
