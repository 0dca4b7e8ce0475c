CREATE TABLE `reader_public_links` (
	`public_id` text PRIMARY KEY NOT NULL,
	`job_id` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reader_public_links_job_id_unique` ON `reader_public_links` (`job_id`);
--> statement-breakpoint
-- Issue 25, defect 6: every existing reader job gets its random public id (128 bits from
-- SQLite's randomness, seeded by the OS); new ones are made in reader/public-links.ts.
INSERT INTO `reader_public_links` (`public_id`, `job_id`)
SELECT lower(hex(randomblob(16))), `id` FROM `jobs` WHERE `type` = 'reader';
--> statement-breakpoint
-- Issue 25, defect 5: sessions an API key opened through the removed POST /sync/devices end
-- now; a key never opens a session (docs/api/scopes.md). Such a workstation links again.
UPDATE `auth_sessions`
SET `revoked_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  `revoked_reason` = 'opened by an API key'
WHERE `login_method` = 'api_key' AND `revoked_at` IS NULL;
