CREATE TABLE `louise_vectors` (
	`index_name` text NOT NULL,
	`id` text NOT NULL,
	`namespace` text DEFAULT '' NOT NULL,
	`values` blob NOT NULL,
	`metadata` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`index_name`, `id`)
);
--> statement-breakpoint
CREATE INDEX `louise_vectors_namespace_idx` ON `louise_vectors` (`index_name`,`namespace`);