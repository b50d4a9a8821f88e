ALTER TABLE `pages` ADD `sections` text;--> statement-breakpoint
ALTER TABLE `pages_versions` ADD `sections` text;