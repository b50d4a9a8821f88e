// The ports an end-to-end run listens on, chosen free when it starts, so two
// checkouts on one machine can run theirs at the same time. The Playwright
// config claims them into process.env; its workers, the web server
// (scripts/e2e-server.mjs), the fake provider servers it starts and the specs
// read them from there.
import { createServer, type Server } from 'node:net';

/**
 * Sets each of `names` in process.env to a port free right now, unless it is
 * set already (a port asked for, or a Playwright worker re-reading the config
 * with the runner's environment). All are held open until all are chosen, so
 * no two get the same one.
 */
export async function claimFreePorts(names: readonly string[]): Promise<void> {
  const missing = names.filter((name) => !process.env[name]);
  const servers = await Promise.all(missing.map(() => listenAnywhere()));
  try {
    missing.forEach((name, i) => {
      const address = servers[i]?.address();
      if (!address || typeof address === 'string') throw new Error(`could not choose a free port for ${name}`);
      process.env[name] = String(address.port);
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

function listenAnywhere(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    // Port 0: the system picks one that is free on every address (localhost included).
    server.listen(0, () => resolve(server));
  });
}

/** The port `name` a run claimed; `fallback` (the fixed one of old) when run outside a Playwright config. */
export function claimedPort(name: string, fallback: number): number {
  return Number(process.env[name] ?? fallback);
}
