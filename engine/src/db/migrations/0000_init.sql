CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`owner_id` text NOT NULL,
	`status` text NOT NULL,
	`resource` text NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`stage` text,
	`eta_seconds` real,
	`input` text NOT NULL,
	`result` text,
	`error_message` text,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`cancel_requested` integer DEFAULT false NOT NULL,
	`credits_reserved` integer DEFAULT 0 NOT NULL,
	`credits_state` text DEFAULT 'none' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`started_at` text,
	`finished_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`);--> statement-breakpoint
CREATE INDEX `jobs_owner_created_idx` ON `jobs` (`owner_id`,`created_at`);