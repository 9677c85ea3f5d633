// Puts BENCH_ARTICLES published news articles (50 unless said) into the product's database, as
// an operator command would: with the server stopped, holding DATA_DIR, after the migrations
// (or straight into DATABASE_URL's PostgreSQL).
import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';
import { insertNews } from '#server/features/news/news.repository.ts';
import { claimDataDir } from '#server/operations/ownership.ts';

const config = loadConfig();
const count = Number(process.env.BENCH_ARTICLES ?? 50);
const ownership = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'bench:seed');
const database = await openDatabase(databaseLocation(config));
try {
  await database.migrate();
  // About the length of the firm's real articles: a title and a few paragraphs of Markdown.
  const paragraph =
    'La Oficina de Extranjería de Alicante amplía las citas para la toma de huellas del TIE. ' +
    'Recuerde llevar el resguardo de la tasa 790-012, el pasaporte y una fotografía reciente. ';
  for (let index = 0; index < count; index++) {
    await insertNews(database.db, {
      texts: {
        es: {
          title: `Novedad ${index + 1}: cambios en los trámites de residencia`,
          content: `## Novedad ${index + 1}\n\n${paragraph.repeat(3)}\n\n${paragraph.repeat(2)}`,
        },
      },
      createdAt: new Date(Date.now() - (index + 1) * 3_600_000),
    });
  }
} finally {
  await database.close();
  await ownership?.release();
}
process.stdout.write(`${count} articles\n`);
