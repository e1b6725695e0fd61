/**
 * How every browser run here starts Chromium: Debian's build (never a downloaded one), headless as root, and with
 * background networking off — the machines reach no network but the package registries.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
