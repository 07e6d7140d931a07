-- The per-process actor cache (auth/actor-cache.ts) forgets a user's sessions, or a whole company's, when
-- this NOTIFY arrives. Triggers send it from every change that can end or alter a signed-in actor (sign-out,
-- session revocation, password change, a user's company or admin flag, a company's deactivation or
-- deletion), whichever code makes it; PostgreSQL delivers a NOTIFY only on commit.
CREATE FUNCTION "portal_actor_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "target" text;
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    "target" := 'c:' || OLD."id";
  ELSIF TG_TABLE_NAME = 'users' THEN
    "target" := 'u:' || OLD."id";
  ELSE
    "target" := 'u:' || OLD."user_id";
  END IF;
  PERFORM pg_notify('portal_actor', "target");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_actor_notify" AFTER DELETE OR UPDATE OF "token", "expires_at", "user_id" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "portal_actor_notify"();--> statement-breakpoint
CREATE TRIGGER "users_actor_notify_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD."email", OLD."admin", OLD."company_id", OLD."password_change_needed")
    IS DISTINCT FROM (NEW."email", NEW."admin", NEW."company_id", NEW."password_change_needed"))
  EXECUTE FUNCTION "portal_actor_notify"();--> statement-breakpoint
CREATE TRIGGER "users_actor_notify_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "portal_actor_notify"();--> statement-breakpoint
CREATE TRIGGER "accounts_actor_notify" AFTER UPDATE OF "password" ON "accounts" FOR EACH ROW
  WHEN (OLD."password" IS DISTINCT FROM NEW."password")
  EXECUTE FUNCTION "portal_actor_notify"();--> statement-breakpoint
CREATE TRIGGER "companies_actor_notify_update" AFTER UPDATE ON "companies" FOR EACH ROW
  WHEN ((OLD."active", OLD."type", OLD."pending_registration")
    IS DISTINCT FROM (NEW."active", NEW."type", NEW."pending_registration"))
  EXECUTE FUNCTION "portal_actor_notify"();--> statement-breakpoint
CREATE TRIGGER "companies_actor_notify_delete" AFTER DELETE ON "companies" FOR EACH ROW
  EXECUTE FUNCTION "portal_actor_notify"();
--> statement-breakpoint
-- The per-process count cache (db/count-cache.ts) forgets the list totals over a table when this NOTIFY
-- (the table's name, once per transaction) arrives: any write, by any process or job, on commit.
CREATE FUNCTION "portal_count_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_counts', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "offers_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();--> statement-breakpoint
CREATE TRIGGER "enquiries_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enquiries"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();--> statement-breakpoint
CREATE TRIGGER "enquiry_recipients_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enquiry_recipients"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();--> statement-breakpoint
CREATE TRIGGER "business_folders_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_folders"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();--> statement-breakpoint
CREATE TRIGGER "business_folder_shares_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_folder_shares"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();
--> statement-breakpoint
CREATE TRIGGER "companies_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();--> statement-breakpoint
CREATE TRIGGER "users_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();--> statement-breakpoint
CREATE TRIGGER "notifications_count_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal_count_notify"();
