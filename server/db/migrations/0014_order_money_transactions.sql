ALTER TABLE "finance_transactions" ADD COLUMN "order_id" integer;--> statement-breakpoint
-- HAND-WRITTEN START
-- Order payments booked before this migration join the transactions (money in), marked reversed when their entry was.
INSERT INTO "finance_transactions"
  ("farm_id", "type", "category", "amount_cents", "description", "date", "payment_method", "reference", "entry_id",
   "reversal_entry_id", "order_id", "created_by", "created_at")
SELECT e."farm_id", 'income', 'order_payment', p."amount_cents", NULL, e."date",
       CASE p."method" WHEN 'bank' THEN 'bank_transfer' ELSE p."method" END, p."reference", e."id",
       r."id", p."order_id", p."recorded_by", e."created_at"
FROM "order_payments" p
JOIN "journal_entries" e ON e."id" = p."entry_id"
LEFT JOIN "journal_entries" r ON r."reversal_of" = e."id"
WHERE p."amount_cents" > 0;
--> statement-breakpoint
-- Money handed back on a dispute before this migration joins them too (money out); a cancellation's refund is the
-- reversal of its payment, already shown by the payment's reversed mark.
INSERT INTO "finance_transactions"
  ("farm_id", "type", "category", "amount_cents", "description", "date", "payment_method", "reference", "entry_id",
   "order_id", "created_by", "created_at")
SELECT e."farm_id", 'expense', 'order_refund', f."amount_cents", NULL, e."date",
       CASE f."method" WHEN 'bank' THEN 'bank_transfer' ELSE f."method" END, f."reference", e."id",
       f."order_id", f."recorded_by", e."created_at"
FROM "order_refunds" f
JOIN "journal_entries" e ON e."id" = f."entry_id"
WHERE f."reason" = 'dispute' AND f."amount_cents" > 0;
-- HAND-WRITTEN END
