import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** Runs a command to completion in `cwd`; throws with its output when it fails. */
export function sh(cwd: string, command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${output.slice(-4000)}`);
  return output;
}

/** A long-running server (astro dev, wrangler dev) in its own process group, with its output kept for failures. */
export interface Server {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `command` and waits until `url` answers (any status below 500). */
export async function serve(cwd: string, command: string, args: string[], url: string, timeoutMs = 180_000): Promise<Server> {
  let log = '';
  const child: ChildProcess = spawn(command, args, { cwd, detached: true, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' } });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const server: Server = {
    url,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}):\n${log.slice(-4000)}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await server.stop();
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${log.slice(-4000)}`);
}
