CREATE TABLE `media_info_cache` (
	`url_key` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`info` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_info_cache_expires_idx` ON `media_info_cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `reader_callbacks` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`url` text NOT NULL,
	`secret` text NOT NULL,
	`event_id` text,
	`event_type` text,
	`body` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text,
	`response_code` integer,
	`delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reader_callbacks_due_idx` ON `reader_callbacks` (`status`,`next_attempt_at`);