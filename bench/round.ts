import path from 'node:path';
import type { LoadResult } from './load.ts';
import { startBaseline, startProduct, type ProductPlace } from './product.ts';
import type { Quiet } from './quiet.ts';
import type { Settings } from './settings.ts';
import { baselineChat, closeStreams, measureFanOut, measureResumption, productChat, type FanOut, type Resumption, type Visitor } from './scenarios/chat.ts';
import { answerOf, measureReads, newsPath, pageRequest, settledMemoryMiB } from './scenarios/reads.ts';
import { existingBaselineStart, existingProductStart, freshBaselineStart, freshProductStart } from './scenarios/start-up.ts';

export type Place = ProductPlace & { pageFile?: string; postgres?: Required<ProductPlace> };

type Pair<T> = { product: T; baseline: T };

export type RoundResult = {
  news: Pair<Quiet<LoadResult>>;
  /** Whether the baseline's answer is the product's, byte for byte (the same rows, the same JSON). */
  isSameNewsAnswer: boolean;
  page: Pair<Quiet<LoadResult>>;
  memory: { afterStart: Pair<number>; afterLoad: Pair<number> };
  startUp: { fresh: Pair<Quiet<number>>; existing: Pair<Quiet<number>> };
  chat: Pair<Quiet<FanOut>> & { resumption: Resumption };
  postgres?: { news: Pair<Quiet<LoadResult>>; isSameNewsAnswer: boolean };
};

type RoundContext = {
  place: Place;
  visitors: Visitor[];
  offset: { next: number };
  settings: Settings;
  workDir: string;
  logDir: string;
  say: (line: string) => void;
};

const newsRequest = { path: newsPath };

const loadLine = (name: string, quiet: Quiet<LoadResult>) =>
  `    ${name}: ${Math.round(quiet.value.requestsPerSecond)} req/s, p99 ${quiet.value.latencyMs.p99} ms${quiet.isNoisy ? ` (noisy: others used ${Math.round(quiet.otherLoadPercent)} % of a core)` : ''}`;
const chatLine = (name: string, quiet: Quiet<FanOut>) =>
  `    ${name}: p50 ${quiet.value.latencyMs.p50} ms, p99 ${quiet.value.latencyMs.p99} ms, lost ${quiet.value.lost}, CPU ${quiet.value.cpuPercent} %`;

/** Every comparison once: the product first, then each baseline, one process at a time. */
export async function runRound({ place, visitors, offset, settings, workDir, logDir, say }: RoundContext): Promise<RoundResult> {
  say('  product: start-up, idle memory, news API, home page, chat fan-out…');
  const { server: product, startMs: productExisting } = await existingProductStart(() => startProduct(place, logDir));
  let productSide;
  try {
    const afterStart = await settledMemoryMiB(product, settings);
    const newsAnswer = await answerOf(product, newsRequest);
    const news = await measureReads(product, newsRequest, settings);
    const afterLoad = await settledMemoryMiB(product, settings);
    const page = await measureReads(product, pageRequest, settings);
    const side = productChat(product);
    const { fanOut, streams } = await measureFanOut(product, side, visitors, settings, offset);
    const resumption = await measureResumption(side, visitors, streams);
    await closeStreams(streams);
    productSide = { afterStart, newsAnswer, news, afterLoad, page, fanOut, resumption };
    say(`    start ${Math.round(productExisting.value)} ms, RSS ${Math.round(afterStart)} → ${Math.round(afterLoad)} MiB`);
    say(loadLine('news', news));
    say(loadLine('home page', page));
    say(chatLine('chat', fanOut));
    say(`    reconnection: ${resumption.lost} lost of ${resumption.missed}`);
  } finally {
    await product.stop();
  }

  say('  baselines: bare Fastify + PGlite, node:http page, node:http SSE…');
  const bareNews = await startBaseline('news-server.ts', { BENCH_PGLITE_DIR: path.join(place.dataDir, 'db') }, logDir);
  let bareNewsSide;
  try {
    const afterStart = await settledMemoryMiB(bareNews, settings);
    const newsAnswer = await answerOf(bareNews, newsRequest);
    const news = await measureReads(bareNews, newsRequest, settings);
    const afterLoad = await settledMemoryMiB(bareNews, settings);
    bareNewsSide = { afterStart, newsAnswer, news, afterLoad };
    say(`    bare news: RSS ${Math.round(afterStart)} → ${Math.round(afterLoad)} MiB`);
    say(loadLine('bare news', news));
  } finally {
    await bareNews.stop();
  }
  const barePage = await startBaseline('page-server.ts', { BENCH_PAGE_FILE: place.pageFile }, logDir, '/');
  const page = await measureReads(barePage, pageRequest, settings).finally(() => barePage.stop());
  say(loadLine('bare page', page));
  const bareSse = await startBaseline('sse-broadcaster.ts', {}, logDir);
  let bareChat;
  try {
    const { fanOut, streams } = await measureFanOut(bareSse, baselineChat(bareSse), visitors, settings, { next: 0 });
    await closeStreams(streams);
    bareChat = fanOut;
    say(chatLine('bare chat', fanOut));
  } finally {
    await bareSse.stop();
  }

  say('  start-up: fresh and existing data directories…');
  const baselineExisting = await existingBaselineStart(place.dataDir, logDir);
  const productFresh = await freshProductStart(workDir, logDir);
  const baselineFresh = await freshBaselineStart(workDir, logDir);
  say(`    fresh: product ${Math.round(productFresh.value)} ms, bare ${Math.round(baselineFresh.value)} ms; existing: bare ${Math.round(baselineExisting.value)} ms`);

  const result: RoundResult = {
    news: { product: productSide.news, baseline: bareNewsSide.news },
    isSameNewsAnswer: productSide.newsAnswer === bareNewsSide.newsAnswer,
    page: { product: productSide.page, baseline: page },
    memory: {
      afterStart: { product: productSide.afterStart, baseline: bareNewsSide.afterStart },
      afterLoad: { product: productSide.afterLoad, baseline: bareNewsSide.afterLoad },
    },
    startUp: { fresh: { product: productFresh, baseline: baselineFresh }, existing: { product: productExisting, baseline: baselineExisting } },
    chat: { product: productSide.fanOut, baseline: bareChat, resumption: productSide.resumption },
  };
  if (place.postgres) result.postgres = await postgresRound(place.postgres, settings, logDir, say);
  return result;
}

async function postgresRound(place: Required<ProductPlace>, settings: Settings, logDir: string, say: (line: string) => void) {
  say('  PostgreSQL: product and bare Fastify + pg pool…');
  const product = await startProduct(place, logDir, 'product-postgres');
  const productNews = await (async () => {
    try {
      return { answer: await answerOf(product, newsRequest), news: await measureReads(product, newsRequest, settings) };
    } finally {
      await product.stop();
    }
  })();
  const bare = await startBaseline('news-server.ts', { BENCH_DATABASE_URL: place.databaseUrl }, logDir);
  const bareNews = await (async () => {
    try {
      return { answer: await answerOf(bare, newsRequest), news: await measureReads(bare, newsRequest, settings) };
    } finally {
      await bare.stop();
    }
  })();
  say(loadLine('product on PostgreSQL', productNews.news));
  say(loadLine('bare on PostgreSQL', bareNews.news));
  return { news: { product: productNews.news, baseline: bareNews.news }, isSameNewsAnswer: productNews.answer === bareNews.answer };
}
