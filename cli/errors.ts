import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** A failure the user can fix: its message says what to do. Printed without a stack; the CLI exits with `exitCode`. */
export class CliError extends Error {
  exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * A subcommand's arguments, parsed strictly (unknown options refused) with
 * positionals allowed; a parse error is a CliError (exit 2) followed by the
 * command's usage.
 */
export function parseCommandArgs<T extends ParseArgsOptionsConfig>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`, 2);
  }
}
