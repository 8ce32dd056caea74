-- Every advisory lock's id, by name (decision 039): the same list as src/server/platform/lock-ids.ts,
-- which test/api/sql-definitions.test.ts holds equal. SQL takes a lock as pg_advisory_xact_lock(lock_id('name'), ...).

CREATE OR REPLACE FUNCTION lock_ids()
 RETURNS TABLE(name text, id integer)
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  VALUES ('migrations', 727001), ('as_run_import', 727014), ('rollup_writer', 727017), ('daypart_orders', 727018), ('channel_programs', 727019)
$function$;

CREATE OR REPLACE FUNCTION lock_id(lock_name text)
 RETURNS integer
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
DECLARE
  lock_number integer;
BEGIN
  SELECT l.id INTO lock_number FROM lock_ids() AS l WHERE l.name = lock_name;
  IF lock_number IS NULL THEN
    RAISE EXCEPTION 'no advisory lock is named %', lock_name;
  END IF;
  RETURN lock_number;
END
$function$;
