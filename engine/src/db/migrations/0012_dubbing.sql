CREATE TABLE `speech_translations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` text NOT NULL,
	`job_id` integer NOT NULL,
	`file_key` text NOT NULL,
	`input_source` text NOT NULL,
	`source_url` text,
	`original_filename` text NOT NULL,
	`display_name` text NOT NULL,
	`source_language` text,
	`detected_language` text,
	`target_language` text NOT NULL,
	`is_video` integer NOT NULL,
	`duration_seconds` real NOT NULL,
	`stages` text DEFAULT '[]' NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `speech_translations_owner_idx` ON `speech_translations` (`owner_id`,`id`);--> statement-breakpoint
CREATE INDEX `speech_translations_job_idx` ON `speech_translations` (`job_id`);