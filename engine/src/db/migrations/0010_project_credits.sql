ALTER TABLE `audiobook_projects` ADD `narrator` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `audiobook_projects` ADD `publisher` text DEFAULT '' NOT NULL;