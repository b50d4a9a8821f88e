/** A failure the user can fix: its message says what to do. Printed without a stack; the CLI exits with `exitCode`. */
export class CliError extends Error {
  exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
