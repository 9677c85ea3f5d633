import { describe, expect, it } from 'vitest';
import { sendTranslationQuoteSchema } from '#common/quotes/quotes.contract.ts';
import { translationQuoteSchema, translationRequestSchema } from './translations.contract.ts';

describe('the languages of a translation', () => {
  it('are the same on the quote page, on the services page and in the firm’s quote, from and to', () => {
    const offered = [
      translationQuoteSchema.shape.sourceLanguage.unwrap().options,
      translationQuoteSchema.shape.targetLanguage.unwrap().options,
      translationRequestSchema.shape.sourceLanguage.options,
      translationRequestSchema.shape.targetLanguage.options,
      sendTranslationQuoteSchema.shape.sourceLanguage.options,
      sendTranslationQuoteSchema.shape.targetLanguage.options,
    ];
    for (const options of offered) expect(options).toEqual(offered[0]);
    expect(offered[0]).toEqual(expect.arrayContaining(['ar', 'de', 'it', 'pt']));
  });
});
