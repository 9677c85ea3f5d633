import { runLoad, type LoadRequest, type LoadResult } from '../load.ts';
import type { RunningServer } from '../processes.ts';
import { sleep } from '../processes.ts';
import type { Settings } from '../settings.ts';
import { round } from '../stats.ts';

/** The account the sign-ins aim at, created with `npm run admin:create` before the server starts. */
export const targetAccount = { email: 'bench-admin@example.com', password: 'una-clave-de-banco-larga' };

const json = { 'content-type': 'application/json' };
const page = (path: string): LoadRequest => ({ path, headers: { accept: 'text/html' } });
const newsApi = (limit: number): LoadRequest => ({ path: `/api/news?limit=${limit}` });
const contactForm: LoadRequest = {
  method: 'POST',
  path: '/api/contact-requests',
  headers: json,
  body: JSON.stringify({ name: 'Ana Pérez', email: 'ana@example.com', message: 'Quisiera información sobre el arraigo social.', privacy: true }),
};
const wrongSignIn: LoadRequest = {
  method: 'POST',
  path: '/api/account/sign-in',
  headers: json,
  body: JSON.stringify({ email: targetAccount.email, password: 'not-the-password' }),
};

/**
 * What the public sends, in these shares: 40 % pages, 30 % the news API, 15 % contact forms and
 * 15 % sign-ins with a wrong password. Every connection goes through the list in turn. All come
 * from one address, so the forms and sign-ins soon meet their per-address limits (429), as one
 * client sending that many would.
 */
const mix: LoadRequest[] = [
  page('/'), newsApi(20), contactForm, page('/servicios'), wrongSignIn,
  newsApi(3), page('/noticias'), newsApi(20), contactForm, page('/'),
  wrongSignIn, page('/contacto'), newsApi(20), page('/servicios'), contactForm,
  newsApi(3), page('/'), wrongSignIn, newsApi(20), page('/noticias'),
];

/** Answers that are the product doing its job: pages and data, a refused password, a limit, a shed load. */
const expectedStatuses = new Set(['200', '201', '401', '429', '503']);

export type MixedPhase = LoadResult & { unexpected: Record<string, number> };

function phase(result: LoadResult): MixedPhase {
  const unexpected = Object.fromEntries(Object.entries(result.statuses).filter(([code]) => !expectedStatuses.has(code)));
  return { ...result, unexpected };
}

export type MixedLoad = {
  ceilingPerSecond: number;
  idleMiB: number;
  sustained: MixedPhase & { ratePerSecond: number };
  overload: MixedPhase & { ratePerSecond: number; isAliveAfter: boolean; recoveredMiB: number };
};

/**
 * The ceiling (as fast as 32 connections get answers), then 0.45× of it at a constant rate, then
 * twice it from 256 connections, then the memory after a rest.
 */
export async function measureMixedLoad(server: RunningServer, settings: Settings): Promise<MixedLoad> {
  await sleep(settings.settleSeconds * 1000);
  const idleMiB = server.rssMiB();
  const ceiling = await runLoad({ url: server.url, requests: mix, durationSeconds: settings.mixedCeilingSeconds, connections: 32 });
  const ceilingPerSecond = ceiling.requestsPerSecond;
  await sleep(2000);
  const sustainedRate = Math.max(1, Math.round(0.45 * ceilingPerSecond));
  const sustained = await runLoad({
    url: server.url,
    requests: mix,
    durationSeconds: settings.mixedSustainedSeconds,
    connections: 32,
    overallRate: sustainedRate,
  });
  const overloadRate = Math.round(2 * ceilingPerSecond);
  const overload = await runLoad({
    url: server.url,
    requests: mix,
    durationSeconds: settings.mixedOverloadSeconds,
    connections: 256,
    overallRate: overloadRate,
  });
  await sleep(settings.mixedRecoverySeconds * 1000);
  const isAliveAfter = server.isAlive() && (await fetch(`${server.url}/healthz`).then((response) => response.ok, () => false));
  return {
    ceilingPerSecond: round(ceilingPerSecond, 0),
    idleMiB: round(idleMiB, 0),
    sustained: { ...phase(sustained), ratePerSecond: sustainedRate },
    overload: { ...phase(overload), ratePerSecond: overloadRate, isAliveAfter, recoveredMiB: round(server.rssMiB(), 0) },
  };
}
