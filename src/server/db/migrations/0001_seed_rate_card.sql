-- The FAQ rate card: the eight dayparts every new station starts with (CPMs in cents).
INSERT INTO "dayparts" ("name", "description", "start_time", "end_time", "days_of_week", "base_cpm_cents", "min_cpm_cents", "multiplier", "spot_frequency", "is_prime_time") VALUES
  ('Early Morning', 'Morning news and commute audience', '05:00', '09:00', ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']::text[], 1500, 500, 1, 30, false),
  ('Morning', 'Daytime talk and lifestyle programming', '09:00', '12:00', ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']::text[], 1800, 500, 1, 30, false),
  ('Midday', 'Midday news and daytime drama', '12:00', '16:00', ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']::text[], 2000, 500, 1, 30, false),
  ('Afternoon', 'Afternoon and early fringe audience', '16:00', '18:00', ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']::text[], 2500, 500, 1, 30, false),
  ('Late Night', 'Late news and late-night entertainment', '23:00', '01:00', ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']::text[], 2800, 500, 1, 30, false),
  ('Weekend Morning', 'Weekend morning family audience', '08:00', '12:00', ARRAY['Saturday', 'Sunday']::text[], 2200, 500, 1, 30, false),
  ('Weekend Afternoon', 'Weekend sports and movies', '12:00', '18:00', ARRAY['Saturday', 'Sunday']::text[], 3000, 500, 1, 30, false),
  ('Weekend Evening', 'Weekend prime time', '18:00', '22:00', ARRAY['Saturday', 'Sunday']::text[], 4000, 500, 1, 30, true)
ON CONFLICT ("name") DO NOTHING;
