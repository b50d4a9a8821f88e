// Questions on the terminal: a yes/no, and a password that is never echoed.
import { createInterface } from 'node:readline';

/** Asks once; Enter means yes. Without a terminal there is no one to ask: yes. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return true;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await new Promise<string>((resolve) => rl.question(`${question} [Y/n] `, resolve));
  rl.close();
  return /^(y|yes|)$/i.test(answer.trim());
}

/**
 * A password from a hidden prompt, or the first line of standard input when
 * it is not a terminal (scripts pipe it in). What is typed is never echoed.
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // readline echoes through _writeToOutput: let only the prompt through.
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
    if (text.startsWith(prompt)) process.stdout.write(prompt);
  };
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}
