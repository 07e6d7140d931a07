-- SPEC §5 search, as Germans type. portal_fold(text) is the one folding of search texts:
-- lower-cased, then ä -> ae, ö -> oe, ü -> ue, ß -> ss, so that "Schuetz" and "Schütz" (and "oelflex" and
-- "ÖLFLEX", "strasse" and "Straße") have the same key. The upper-case umlauts (and the capital sharp s)
-- are mapped explicitly after lower(): a database whose LC_CTYPE is plain "C" lower-cases ASCII only.
-- The body is an SQL-standard RETURN (parsed now, resolved in pg_catalog whatever the search_path) and
-- IMMUTABLE STRICT, so PostgreSQL may index it and inlines it into queries and index expressions alike.
-- Its TypeScript twin is searchFold in domain/rules/search-fold.ts; both must stay identical.
-- The trigram indexes of the article description and of the master-data names move to the folded text
-- (same number of indexes as before); article numbers and the unique name keys stay unfolded.
CREATE FUNCTION "portal_fold"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.translate(pg_catalog.lower("value"), 'ÄÖÜẞ', 'äöüß'),
    'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss');--> statement-breakpoint
DROP INDEX "articles_description_trgm_idx";--> statement-breakpoint
DROP INDEX "discount_group_names_trgm_idx";--> statement-breakpoint
DROP INDEX "manufacturer_names_trgm_idx";--> statement-breakpoint
DROP INDEX "unit_names_trgm_idx";--> statement-breakpoint
CREATE INDEX "articles_description_fold_trgm_idx" ON "articles" USING gin (portal_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discount_group_names_fold_trgm_idx" ON "discount_group_names" USING gin (portal_fold("name_lower") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "manufacturer_names_fold_trgm_idx" ON "manufacturer_names" USING gin (portal_fold("name_lower") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "unit_names_fold_trgm_idx" ON "unit_names" USING gin (portal_fold("name_lower") gin_trgm_ops) WITH (fastupdate=false);
