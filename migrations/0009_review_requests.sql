CREATE TABLE `review_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection` text NOT NULL,
	`doc_key` text NOT NULL,
	`version_id` integer NOT NULL,
	`requested_by` text NOT NULL,
	`requested_by_name` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`url` text,
	`state` text DEFAULT 'open' NOT NULL,
	`decided_by` text,
	`decided_by_name` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_open_doc_idx` ON `review_requests` (`collection`,`doc_key`) WHERE state = 'open';--> statement-breakpoint
CREATE INDEX `review_requests_state_idx` ON `review_requests` (`state`,`id`);