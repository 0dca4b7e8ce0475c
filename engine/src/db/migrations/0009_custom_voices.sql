CREATE TABLE `custom_voices` (
	`id` integer PRIMARY KEY NOT NULL,
	`uuid` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`language` text NOT NULL,
	`gender` text,
	`age` text,
	`engine` text NOT NULL,
	`engine_voice` text NOT NULL,
	`pitch` real,
	`rate` real,
	`pack_id` text,
	`folder` text NOT NULL,
	`audio_path` text,
	`report` text,
	`design` text,
	`f0` real,
	`job_id` integer,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`processed_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_voices_uuid_idx` ON `custom_voices` (`uuid`);--> statement-breakpoint
CREATE INDEX `custom_voices_owner_idx` ON `custom_voices` (`owner_id`);--> statement-breakpoint
CREATE TABLE `voice_design_previews` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`description` text NOT NULL,
	`language` text NOT NULL,
	`preview_text` text NOT NULL,
	`params` text NOT NULL,
	`audio_path` text NOT NULL,
	`duration_seconds` real NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`published_voice_id` integer
);
--> statement-breakpoint
CREATE INDEX `voice_design_previews_owner_idx` ON `voice_design_previews` (`owner_id`);