ALTER TABLE `pages` ADD `sections` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `pages_versions` ADD `sections` text DEFAULT '[]' NOT NULL;