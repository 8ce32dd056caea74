-- Decision 035: a buy's push endpoint hears that buy's task events only (sent to it by name), so the push
-- endpoints made before stop subscribing to the whole account's adcp.task_status events.
UPDATE webhook_endpoints SET events = '{}', description = 'AdCP push notifications of one buy', updated_at = now()
WHERE events = '{adcp.task_status}' AND description = 'AdCP push notifications'
  AND id IN (SELECT push_endpoint_id FROM adcp_media_buys WHERE push_endpoint_id IS NOT NULL);
