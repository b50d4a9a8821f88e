CREATE TABLE `site_settings_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_id` integer NOT NULL,
	`site_name` text DEFAULT '' NOT NULL,
	`tagline` text DEFAULT '' NOT NULL,
	`footer_text` text DEFAULT '' NOT NULL,
	`custom` text DEFAULT '{}' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`discarded_at` integer,
	`discarded_by` text,
	FOREIGN KEY (`page_id`) REFERENCES `site_settings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_settings_versions_page_idx` ON `site_settings_versions` (`page_id`,`id`);--> statement-breakpoint
ALTER TABLE `site_settings` ADD `published_version_id` integer;