import { buildWeb, isWebBuildStale } from '../../scripts/lib/web-build.mjs';
import { chromiumPath } from './chromium.mjs';

/** Browser tests run against the built site, built once here rather than by each server. */
export default async function setup() {
  if (!chromiumPath()) throw new Error('Chromium is missing: apt-get install -y chromium, or set CHROMIUM_PATH.');
  if (isWebBuildStale()) await buildWeb();
}
