import type { ArticleTextsByLanguage } from '#common/news/news.contract.ts';
import { addOperatorArticles } from '#server/features/news/news.admin.service.ts';
import type { OperatorContext } from './context.ts';

/** Written in every language but the last, left in Spanish only: each site shows one article marked as Spanish. */
const articles: Array<{ texts: ArticleTextsByLanguage; daysAgo: number }> = [
  {
    texts: {
      es: {
        title: 'Nuevo Reglamento de Extranjería: lo que cambia para el arraigo',
        content:
          'El nuevo Reglamento de Extranjería reorganiza las figuras de arraigo y reduce a dos años la permanencia previa exigida en varias de ellas.\n\nSi llevas tiempo en España sin autorización, revisa con nosotros qué vía encaja con tu situación antes de presentar la solicitud.',
      },
      en: {
        title: 'New Immigration Regulation: what changes for arraigo',
        content:
          'The new Immigration Regulation reorganises the forms of arraigo and cuts to two years the prior stay several of them require.\n\nIf you have been in Spain for a while without a permit, check with us which route fits your situation before you apply.',
      },
      fr: {
        title: 'Nouveau règlement des étrangers : ce qui change pour l’arraigo',
        content:
          'Le nouveau règlement des étrangers réorganise les formes d’arraigo et ramène à deux ans le séjour préalable exigé pour plusieurs d’entre elles.\n\nSi vous êtes en Espagne depuis un moment sans autorisation, vérifiez avec nous quelle voie convient à votre situation avant de déposer la demande.',
      },
    },
    daysAgo: 3,
  },
  {
    texts: {
      es: {
        title: 'Cita previa para la TIE en Alicante: consejos prácticos',
        content:
          'Conseguir cita para la huella de la TIE sigue siendo difícil en la provincia de Alicante.\n\nPrepara el justificante de la tasa 790-012, el pasaporte, una fotografía reciente y la resolución favorable antes de acudir.',
      },
      en: {
        title: 'TIE appointments in Alicante: practical tips',
        content:
          'Getting an appointment for the TIE fingerprints is still hard in the province of Alicante.\n\nHave the receipt of the 790-012 fee, your passport, a recent photograph and the favourable decision ready before you go.',
      },
      fr: {
        title: 'Rendez-vous pour la TIE à Alicante : conseils pratiques',
        content:
          'Obtenir un rendez-vous pour les empreintes de la TIE reste difficile dans la province d’Alicante.\n\nPréparez le justificatif de la taxe 790-012, le passeport, une photo récente et la décision favorable avant de vous présenter.',
      },
    },
    daysAgo: 10,
  },
  {
    texts: {
      es: {
        title: 'Traducciones juradas: cuándo las necesitas',
        content:
          'Los documentos extranjeros que presentes ante la Administración española deben ir acompañados, por regla general, de una traducción jurada al castellano.\n\nTe enviamos presupuesto en 24/48 h.',
      },
      en: {
        title: 'Sworn translations: when you need them',
        content:
          'Foreign documents you submit to the Spanish authorities must, as a rule, come with a sworn translation into Spanish.\n\nWe send you a quote within 24/48 h.',
      },
      fr: {
        title: 'Traductions assermentées : quand en avez-vous besoin ?',
        content:
          'Les documents étrangers présentés à l’Administration espagnole doivent en règle générale être accompagnés d’une traduction assermentée en espagnol.\n\nNous vous envoyons un devis sous 24/48 h.',
      },
    },
    daysAgo: 21,
  },
  {
    texts: {
      es: {
        title: 'Nacionalidad española: exámenes DELE A2 y CCSE',
        content:
          'Para solicitar la nacionalidad por residencia, la mayoría de solicitantes debe superar el examen CCSE y, si no son de un país hispanohablante, el DELE A2.\n\nOrganiza tu calendario con antelación: las convocatorias se llenan rápido.',
      },
    },
    daysAgo: 40,
  },
];

const day = 24 * 60 * 60 * 1000;

/** A few news articles for a quick look at the site; never run by `npm start`. */
export async function seedDemo(context: OperatorContext): Promise<string> {
  await addOperatorArticles(
    { db: context.database.db },
    articles.map((article) => ({ texts: article.texts, publishedAt: new Date(Date.now() - article.daysAgo * day) })),
  );
  return `Added ${articles.length} demo news articles.`;
}
