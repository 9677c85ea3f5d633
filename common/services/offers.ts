// The catalogue's fixed entries and its package discount: plain values, with no schema, so a page
// that only shows the offers loads no validation code.

/** The entry of other procedures: no price, it leads to the contact page. */
export const contactOfferId = 'contact';

/** The hidden entry a paid translation quote opens: never offered nor priced in the catalogue. */
export const translationServiceId = 'translation';

/** Family package: discount on the fees of each additional family member (administrative fees excluded). */
export const familyPackageDiscount = 0.5;

/** Property purchase advice: its cases ask the client's identification under Ley 10/2010 (the service's flag in the database, ADR 049). */
export const propertyPurchaseServiceId = 'property-purchase';
