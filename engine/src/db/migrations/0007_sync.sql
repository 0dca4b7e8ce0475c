CREATE TABLE `webhook_ingested_events` (
	`owner_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`source_id` text NOT NULL,
	`deliveries` integer NOT NULL,
	`received_at` text NOT NULL,
	PRIMARY KEY(`owner_id`, `event_id`)
);
--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`amount_usd` real NOT NULL,
	`credits` integer NOT NULL,
	`status` text NOT NULL,
	`url` text,
	`completed_by` text,
	`created_at` text NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `checkout_sessions_user_idx` ON `checkout_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `sync_link` (
	`id` integer PRIMARY KEY NOT NULL,
	`install_id` text NOT NULL,
	`state` text NOT NULL,
	`hosted_url` text,
	`user_id` text,
	`email` text,
	`method` text,
	`session_id` text,
	`offload` integer DEFAULT false NOT NULL,
	`linked_at` text,
	`last_sync_at` text,
	`last_error` text,
	`last_error_at` text,
	`hosted_credits` text,
	`hosted_credits_at` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_offload_jobs` (
	`local_job_id` integer PRIMARY KEY NOT NULL,
	`capability` text NOT NULL,
	`hosted_job_id` text,
	`status_path` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_outbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`job_id` integer,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`outcome` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_outbox_event_idx` ON `sync_outbox` (`event_id`);