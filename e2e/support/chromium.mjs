import fs from 'node:fs';

/** The system Chromium the browser tests drive: CHROMIUM_PATH, else Debian's. */
export function chromiumPath() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return fs.existsSync(candidate) ? candidate : undefined;
}
