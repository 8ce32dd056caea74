-- A spot's settling by an as-run is a HOT update only when its page has room for the new row version
-- (decision 062). A station's log is placed a day at a time, so a day's spots share their pages and its
-- as-run settles every row of them at once: 15 % free (fillfactor 85, migration 0063) made 17 % of those
-- updates HOT, and each of the others wrote a new entry in every index of the table (70 % of the bench's
-- UPDATE). Half of each page free makes them all HOT (decision 065). Pages written from now on.
ALTER TABLE "traffic_spots" SET (fillfactor = 50);
