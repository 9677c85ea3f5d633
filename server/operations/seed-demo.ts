import { insertNews } from '#server/features/news/news.repository.ts';
import type { OperatorContext } from './context.ts';

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

const day = 24 * 60 * 60 * 1000;

/** A few news articles for a quick look at the site; never run by `npm start`. */
export async function seedDemo(context: OperatorContext): Promise<string> {
  await context.database.db.transaction(async (tx) => {
    for (const article of articles) {
      await insertNews(tx, { title: article.title, content: article.content, createdAt: new Date(Date.now() - article.daysAgo * day) });
    }
  });
  return `Added ${articles.length} demo news articles.`;
}
