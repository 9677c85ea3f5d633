import type { QuestionField, QuestionnaireAnswers, QuestionnaireDefinition, QuestionnaireStatus, TasaBox } from '#common/questionnaires/questionnaires.contract.ts';
import { tasaBoxes } from '#common/questionnaires/questionnaires.contract.ts';
import { formatExactMoney } from '#common/money.ts';
import { pdfBytes, printable } from '#server/platform/pdf-text.ts';
import { translator } from '#server/platform/translator.ts';

/** What the sheet prints: the definition, the version's answers and where they come from. */
export type DataSheet = {
  definition: QuestionnaireDefinition;
  caseDisplayId: string;
  version: { version: number; status: QuestionnaireStatus; answers: QuestionnaireAnswers; createdAt: Date } | null;
};

/** Always in Spanish: the official form is. */
const t = translator('es');
const regionNames = new Intl.DisplayNames(['es'], { type: 'region' });
const dayFormat = new Intl.DateTimeFormat('es', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** A value as the form wants it written: a day as dd/mm/aaaa, a country and a choice by their Spanish names. */
function printed(field: QuestionField, value: string | undefined): string {
  if (!value) return t('questionnaires:sheet.empty');
  if (field.kind === 'date') return dayFormat.format(new Date(`${value}T00:00:00Z`));
  if (field.kind === 'country') return regionNames.of(value) ?? value;
  if (field.kind === 'yesNo') return t(value === 'yes' ? 'questionnaires:sheet.yes' : 'questionnaires:sheet.no');
  if (field.kind === 'select') return field.options?.find((option) => option.value === value)?.label.es ?? value;
  return value;
}

/** The payer's boxes of the fee form, from the fields marked with them (the first answer of each). */
function tasaValues(definition: QuestionnaireDefinition, answers: QuestionnaireAnswers): Partial<Record<TasaBox, string>> {
  const values: Partial<Record<TasaBox, string>> = {};
  for (const section of definition.sections) {
    const answer = answers[section.key];
    const set = Array.isArray(answer) ? answer[0] : answer;
    for (const field of section.fields) {
      const value = set?.[field.key];
      if (field.tasaBox && value && !values[field.tasaBox]) values[field.tasaBox] = value;
    }
  }
  return values;
}

/**
 * The case's data sheet: the official form's data in Spanish, section by section in the form's order,
 * each box's Spanish label and the answer, then the fee form's (790) boxes. Filling the form is copying it.
 * The same version always makes the same document (its dates are the version's).
 */
export async function renderDataSheet(sheet: DataSheet): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { definition, version } = sheet;
  const stamp = version?.createdAt ?? new Date(0);
  const title = t('questionnaires:sheet.title', { form: definition.form });
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${title} · ${sheet.caseDisplayId}`, CreationDate: stamp, ModDate: stamp } });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = width * 0.42;

  /** One box: its label on the left, the value on the right, on as many lines as either takes. */
  const row = (label: string, value: string) => {
    const top = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor('#444444').text(printable(label), left, top, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(printable(value), left + labelWidth, top, { width: width - labelWidth });
    doc.y = Math.max(labelBottom, doc.y) + 3;
    doc.x = left;
  };
  const heading = (text: string, size = 11) => {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(size).fillColor('#000000').text(printable(text), left, doc.y, { width });
    doc.moveDown(0.25);
  };

  doc.font('Helvetica-Bold').fontSize(16).text(printable(title));
  doc.font('Helvetica').fontSize(10).text(printable(definition.formTitle));
  doc.moveDown(0.3);
  if (version) {
    doc.text(
      printable(
        t('questionnaires:sheet.case', {
          case: sheet.caseDisplayId,
          version: String(version.version),
          status: t(`questionnaires:status.${version.status}`),
          date: dayFormat.format(version.createdAt),
        }),
      ),
    );
  }
  doc.font('Helvetica-Oblique').fontSize(9).text(printable(t('questionnaires:sheet.intro')));
  if (!version) doc.moveDown().font('Helvetica').fontSize(10).text(printable(t('questionnaires:sheet.noAnswers')));

  const answers = version?.answers ?? {};
  let lastFormSection = '';
  for (const section of definition.sections) {
    if (section.formSection !== lastFormSection) heading(section.formSection, 12);
    lastFormSection = section.formSection;
    const answer = answers[section.key];
    const sets = section.isRepeatable ? (Array.isArray(answer) ? answer : []) : [Array.isArray(answer) ? {} : (answer ?? {})];
    sets.forEach((set, index) => {
      if (section.isRepeatable) heading(t('questionnaires:sheet.item', { section: section.title.es, number: String(index + 1) }), 10);
      for (const field of section.fields) row(field.formBox, printed(field, set[field.key]));
    });
    if (section.isRepeatable && sets.length === 0) row(section.title.es, t('questionnaires:sheet.empty'));
  }

  if (definition.tasa) {
    const tasa = tasaValues(definition, answers);
    heading(t('questionnaires:sheet.tasaTitle', { code: definition.tasa.code }), 12);
    row(t('questionnaires:sheet.tasa.code'), definition.tasa.code);
    row(t('questionnaires:sheet.tasa.concept'), definition.tasa.concept);
    const fullName = [tasa.surname1, tasa.surname2].filter(Boolean).join(' ');
    for (const box of tasaBoxes) {
      if (box === 'surname1' || box === 'surname2') continue;
      if (box === 'name') row(t('questionnaires:sheet.tasa.name'), [fullName, tasa.name].filter(Boolean).join(', ') || t('questionnaires:sheet.empty'));
      else row(t(`questionnaires:sheet.tasa.${box}`), tasa[box] ?? t('questionnaires:sheet.empty'));
    }
    const amount = definition.tasa.amountCents;
    row(t('questionnaires:sheet.tasa.amount'), amount === null ? t('questionnaires:sheet.amountUnknown') : formatExactMoney(amount, 'EUR', 'es'));
  }
  doc.end();
  return done;
}
