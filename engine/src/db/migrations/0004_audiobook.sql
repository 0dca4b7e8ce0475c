CREATE TABLE `audiobook_cast` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`voice_id` integer,
	`voice_set_by` text,
	`alias_of_key` text,
	`alias_set_by` text,
	`gender_hint` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audiobook_cast_name_idx` ON `audiobook_cast` (`project_id`,`name_key`);--> statement-breakpoint
CREATE TABLE `audiobook_chapters` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`chapter_number` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`kind` text DEFAULT 'chapter' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`voice_id` integer,
	`skip_narration` integer DEFAULT false NOT NULL,
	`narration_notes` text DEFAULT '' NOT NULL,
	`duration_seconds` real,
	`audio_key` text,
	`failure_reason` text,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audiobook_chapters_project_idx` ON `audiobook_chapters` (`project_id`,`chapter_number`);--> statement-breakpoint
CREATE TABLE `audiobook_media` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_key` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`format` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audiobook_media_project_idx` ON `audiobook_media` (`project_id`);--> statement-breakpoint
CREATE TABLE `audiobook_paragraphs` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`chapter_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`word_count` integer DEFAULT 0 NOT NULL,
	`character_count` integer DEFAULT 0 NOT NULL,
	`voice_id` integer,
	`voice_set_by` text,
	`character_name` text,
	`character_set_by` text,
	`speaker_cleared` integer DEFAULT false NOT NULL,
	`direction` text DEFAULT '' NOT NULL,
	`direction_set_by` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`locked` integer DEFAULT false NOT NULL,
	`skip_narration` integer DEFAULT false NOT NULL,
	`error_message` text,
	`speed` real,
	`delivery_style` text,
	`emotion` text,
	`trailing_silence_ms` integer,
	`audio_key` text,
	`duration_seconds` real,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`take_count` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chapter_id`) REFERENCES `audiobook_chapters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audiobook_paragraphs_chapter_idx` ON `audiobook_paragraphs` (`chapter_id`,`position`);--> statement-breakpoint
CREATE INDEX `audiobook_paragraphs_project_idx` ON `audiobook_paragraphs` (`project_id`);--> statement-breakpoint
CREATE TABLE `audiobook_production_settings` (
	`project_id` text PRIMARY KEY NOT NULL,
	`opening_announcement` text,
	`closing_announcement` text,
	`narrate_credits` integer DEFAULT true NOT NULL,
	`intro_music_id` text,
	`outro_music_id` text,
	`music_volume_db` real DEFAULT -18 NOT NULL,
	`cover_image_id` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `audiobook_projects` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`title` text NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`isbn` text DEFAULT '' NOT NULL,
	`genre` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`selected_voice_id` integer,
	`language` text,
	`multi_voice` integer DEFAULT false NOT NULL,
	`speed` real DEFAULT 1 NOT NULL,
	`narration_style` text DEFAULT 'narrative' NOT NULL,
	`export_format` text DEFAULT 'acx' NOT NULL,
	`target_platform` text DEFAULT 'audible' NOT NULL,
	`source_filename` text,
	`source_file_type` text,
	`source_file_key` text,
	`parsing_completed_at` text,
	`error_message` text,
	`last_parse_job_id` integer,
	`rights_attested_at` text,
	`narration_started_at` text,
	`narration_completed_at` text,
	`production_completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audiobook_projects_owner_idx` ON `audiobook_projects` (`owner_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `audiobook_pronunciations` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`grapheme` text NOT NULL,
	`replacement` text NOT NULL,
	`kind` text DEFAULT 'respelling' NOT NULL,
	`case_sensitive` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `audiobook_projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audiobook_pronunciations_grapheme_idx` ON `audiobook_pronunciations` (`project_id`,`grapheme`);