CREATE TABLE `credit_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`subscription_balance` integer DEFAULT 0 NOT NULL,
	`payg_balance` integer DEFAULT 0 NOT NULL,
	`used_today` integer DEFAULT 0 NOT NULL,
	`usage_day` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`granted_allowance` integer DEFAULT 0 NOT NULL,
	`total_used` integer DEFAULT 0 NOT NULL,
	`total_payg_purchased` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_accounts_id_unique` ON `credit_accounts` (`id`);--> statement-breakpoint
CREATE TABLE `credit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`pool` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`day_delta` integer DEFAULT 0 NOT NULL,
	`day` text NOT NULL,
	`reservation_id` integer,
	`job_id` integer,
	`reference` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_entries_user_pool_idx` ON `credit_entries` (`user_id`,`pool`);--> statement-breakpoint
CREATE INDEX `credit_entries_user_day_idx` ON `credit_entries` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `credit_entries_reservation_idx` ON `credit_entries` (`reservation_id`);--> statement-breakpoint
CREATE TABLE `credit_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`job_id` integer,
	`service_type` text NOT NULL,
	`subscription_amount` integer NOT NULL,
	`payg_amount` integer NOT NULL,
	`day` text NOT NULL,
	`state` text NOT NULL,
	`charged` integer DEFAULT 0 NOT NULL,
	`audio_duration` real,
	`metadata` text,
	`created_at` text NOT NULL,
	`ended_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_reservations_job_idx` ON `credit_reservations` (`job_id`);--> statement-breakpoint
CREATE INDEX `credit_reservations_user_state_idx` ON `credit_reservations` (`user_id`,`state`);--> statement-breakpoint
CREATE TABLE `credit_usage` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_credits_id` text NOT NULL,
	`credits_used` integer NOT NULL,
	`service_type` text NOT NULL,
	`audio_duration` real DEFAULT 0 NOT NULL,
	`credit_source` text NOT NULL,
	`reservation_id` integer,
	`job_id` integer,
	`usage_metadata` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_usage_user_created_idx` ON `credit_usage` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`round` integer NOT NULL,
	`started_at` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`response_code` integer,
	`error` text,
	`succeeded` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery_idx` ON `webhook_attempts` (`delivery_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`round` integer DEFAULT 1 NOT NULL,
	`round_attempts` integer DEFAULT 0 NOT NULL,
	`total_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_attempt_at` text,
	`last_response_code` integer,
	`last_error` text,
	`delivered_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`secret` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_owner_idx` ON `webhook_endpoints` (`owner_id`);