// `npm run seed:demo`: a few news articles for a quick look at the site; never run by `npm start`.
import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';
import { insertNews } from '#server/features/news/news.repository.ts';

const articles = [
  {
    title: 'Nuevo Reglamento de Extranjería: lo que cambia para el arraigo',
    content:
      'El nuevo Reglamento de Extranjería reorganiza las figuras de arraigo y reduce a dos años la permanencia previa exigida en varias de ellas.\n\nSi llevas tiempo en España sin autorización, revisa con nosotros qué vía encaja con tu situación antes de presentar la solicitud.',
    daysAgo: 3,
  },
  {
    title: 'Cita previa para la TIE en Alicante: consejos prácticos',
    content:
      'Conseguir cita para la huella de la TIE sigue siendo difícil en la provincia de Alicante.\n\nPrepara el justificante de la tasa 790-012, el pasaporte, una fotografía reciente y la resolución favorable antes de acudir.',
    daysAgo: 10,
  },
  {
    title: 'Traducciones juradas: cuándo las necesitas',
    content:
      'Los documentos extranjeros que presentes ante la Administración española deben ir acompañados, por regla general, de una traducción jurada al castellano.\n\nTe enviamos presupuesto en 24/48 h.',
    daysAgo: 21,
  },
  {
    title: 'Nacionalidad española: exámenes DELE A2 y CCSE',
    content:
      'Para solicitar la nacionalidad por residencia, la mayoría de solicitantes debe superar el examen CCSE y, si no son de un país hispanohablante, el DELE A2.\n\nOrganiza tu calendario con antelación: las convocatorias se llenan rápido.',
    daysAgo: 40,
  },
];

const database = await openDatabase(databaseLocation(loadConfig()));
await database.migrate();
const day = 24 * 60 * 60 * 1000;
for (const article of articles) {
  await insertNews(database.db, {
    title: article.title,
    content: article.content,
    createdAt: new Date(Date.now() - article.daysAgo * day),
  });
}
await database.close();
process.stdout.write(`Added ${articles.length} demo news articles.\n`);
