// How every browser run here launches Chromium: Debian's build (`npx playwright
// install` cannot download browsers on these machines), headless, with nothing
// that reaches the network on its own. Shared by the Playwright configs and the
// client benchmark.
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
