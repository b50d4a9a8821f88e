CREATE TABLE `merch_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`order_id` text,
	`test_mode` integer DEFAULT false NOT NULL,
	`data` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `merch_events_order` ON `merch_events` (`order_id`);