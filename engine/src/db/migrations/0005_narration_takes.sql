CREATE TABLE `narration_takes` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`paragraph_id` text NOT NULL,
	`take_number` integer NOT NULL,
	`job_id` integer,
	`voice_id` integer NOT NULL,
	`engine` text NOT NULL,
	`engine_voice` text NOT NULL,
	`text` text NOT NULL,
	`settings` text NOT NULL,
	`audio_path` text NOT NULL,
	`sample_rate` integer NOT NULL,
	`duration_seconds` real NOT NULL,
	`timings` text NOT NULL,
	`characters` integer NOT NULL,
	`credits` integer NOT NULL,
	`billing` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paragraph_id`) REFERENCES `audiobook_paragraphs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `narration_takes_paragraph_number_idx` ON `narration_takes` (`paragraph_id`,`take_number`);--> statement-breakpoint
CREATE INDEX `narration_takes_project_idx` ON `narration_takes` (`project_id`);--> statement-breakpoint
CREATE INDEX `narration_takes_job_idx` ON `narration_takes` (`job_id`);