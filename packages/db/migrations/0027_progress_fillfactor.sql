-- Every playing learner's period row is rewritten every 10 s (decision 028). Room left in each
-- page lets PostgreSQL update a row in place (a HOT update: no new index entries, dead versions
-- pruned as the page is read) instead of moving it and growing both indexes.
ALTER TABLE "period_progress" SET (fillfactor = 70);
