CREATE INDEX "suspense_items_created_idx" ON "suspense_items" USING btree ("created_at","id");--> statement-breakpoint
-- A repayment reads what is left of each loan's cost not yet earned (the deferred_cost_income lines of its journals):
-- with this index the lines are found, with their amounts, without reading the ledger's other lines (a bank
-- statement's batch reads a hundred loans at once). Not in the schema file: the query builder cannot say INCLUDE.
CREATE INDEX "ledger_lines_deferred_cost_idx" ON "ledger_lines" USING btree ("entry_id") INCLUDE ("debit", "credit") WHERE "account" = 'deferred_cost_income';