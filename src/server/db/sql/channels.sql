-- Channels (decision 053). What a row that names no channel is for: the default channel. Dayparts and
-- orders use it as their column default, so every writer that predates channels (the specification's
-- calls among them) keeps writing to the default channel. Migration 0047 creates it first, since its
-- column defaults need it before the definition files run.
CREATE OR REPLACE FUNCTION default_channel_id() RETURNS uuid
    LANGUAGE sql STABLE
    AS $function$
  SELECT id FROM channels WHERE is_default
$function$;
