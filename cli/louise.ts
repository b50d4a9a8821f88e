#!/usr/bin/env node
// The `louise` command (package.json "bin"): see main.ts.
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
