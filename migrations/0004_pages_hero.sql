ALTER TABLE `pages` ADD `hero` text;--> statement-breakpoint
ALTER TABLE `pages_versions` ADD `hero` text;