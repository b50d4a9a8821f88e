CREATE TABLE `overlays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection` text NOT NULL,
	`key` text NOT NULL,
	`regions` text DEFAULT '{}' NOT NULL,
	`published_version_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `overlays_doc_idx` ON `overlays` (`collection`,`key`);--> statement-breakpoint
CREATE TABLE `overlays_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`overlay_id` integer NOT NULL,
	`regions` text DEFAULT '{}' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`discarded_at` integer,
	`discarded_by` text,
	FOREIGN KEY (`overlay_id`) REFERENCES `overlays`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `overlays_versions_doc_idx` ON `overlays_versions` (`overlay_id`,`id`);