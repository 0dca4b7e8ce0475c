CREATE TABLE `transcript_edits` (
	`job_id` integer NOT NULL,
	`owner_id` text NOT NULL,
	`segment_id` integer NOT NULL,
	`text` text,
	`speaker_label` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`job_id`, `segment_id`)
);
--> statement-breakpoint
CREATE TABLE `transcript_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `transcript_projects_owner_idx` ON `transcript_projects` (`owner_id`);--> statement-breakpoint
CREATE TABLE `transcript_speakers` (
	`project_id` text NOT NULL,
	`label` text NOT NULL,
	`name` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`project_id`, `label`),
	FOREIGN KEY (`project_id`) REFERENCES `transcript_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
