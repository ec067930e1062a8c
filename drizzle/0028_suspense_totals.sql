CREATE TABLE "suspense_totals" (
	"status" varchar(20) PRIMARY KEY NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"amount_left" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "suspense_totals_status_check" CHECK (status in ('open', 'allocated', 'refunded')),
	CONSTRAINT "suspense_totals_figures_check" CHECK (items >= 0 and amount_left >= 0)
);
--> statement-breakpoint
-- Kept by the database, one statement at a time: the rows a statement inserted, changed or deleted, summed per status,
-- added to the totals (in status order, so two transactions take the rows in the same order). An update that moves no
-- item between statuses and changes no amount left writes nothing.
CREATE FUNCTION count_suspense_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO suspense_totals AS t (status, items, amount_left)
      SELECT status, count(*), sum(amount_left) FROM new_rows GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE
        SET items = t.items + excluded.items, amount_left = t.amount_left + excluded.amount_left;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE suspense_totals t SET items = t.items - d.items, amount_left = t.amount_left - d.amount_left
      FROM (SELECT status, count(*) AS items, sum(amount_left) AS amount_left FROM old_rows GROUP BY status) d
      WHERE t.status = d.status;
  ELSE
    -- Every status has its row (written below), so an update only adds to rows; an insert of the (negative) change
    -- would fail the CHECK before ON CONFLICT could turn it into an update.
    UPDATE suspense_totals t SET items = t.items + d.items, amount_left = t.amount_left + d.amount_left
      FROM (
        SELECT status, sum(n) AS items, sum(amount) AS amount_left FROM (
            SELECT status, 1 AS n, amount_left AS amount FROM new_rows
            UNION ALL SELECT status, -1, -amount_left FROM old_rows
          ) c
        GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0
      ) d
      WHERE t.status = d.status;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER suspense_items_totals_insert AFTER INSERT ON suspense_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_suspense_items();--> statement-breakpoint
CREATE TRIGGER suspense_items_totals_update AFTER UPDATE ON suspense_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_suspense_items();--> statement-breakpoint
CREATE TRIGGER suspense_items_totals_delete AFTER DELETE ON suspense_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_suspense_items();--> statement-breakpoint
-- The totals of the items already kept, and a row for every status.
INSERT INTO suspense_totals (status, items, amount_left)
  SELECT s.status, count(i.id), coalesce(sum(i.amount_left), 0)
  FROM (VALUES ('open'), ('allocated'), ('refunded')) AS s (status)
  LEFT JOIN suspense_items i ON i.status = s.status
  GROUP BY s.status;
