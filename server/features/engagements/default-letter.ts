import type { Language } from '#common/i18n/languages.ts';

/*
 * The built-in engagement letter (hoja de encargo), version 0 of every service's until the firm writes
 * its own in the back office. It carries what the bar's rules ask in writing before the work begins
 * (Estatuto General de la Abogacía Española, RD 135/2021, art. 48; Ley Orgánica 5/2024 del Derecho de
 * Defensa, art. 6) and the pre-contractual information of a distance contract with a consumer (TRLGDCU,
 * RDL 1/2007, arts. 97 and 98), with the model withdrawal form of its annex B. It is kept here rather
 * than in web/content because the server fills, hashes and prints it; the firm's lawyer reviews it
 * (docs/product/engagement-letter.md).
 */

const es = `# Hoja de encargo profesional

En {{date}}, de una parte **{{firmName}}** (NIF {{firmTaxId}}), con domicilio en {{firmAddress}} y correo electrónico {{firmEmail}} (en adelante, «el despacho»); y de otra **{{clientName}}** ({{clientDocument}}), con domicilio en {{clientAddress}} y correo electrónico {{clientEmail}} (en adelante, «el cliente»), acuerdan el siguiente encargo profesional.

## 1. Objeto del encargo

El despacho prestará al cliente el servicio **{{service}}**, tal como se describe en su página del sitio web en el momento de la contratación: el estudio del caso, la preparación de la documentación, la presentación ante la administración competente y el seguimiento del expediente hasta su resolución.

## 2. Qué no incluye

- Las tasas y precios públicos de la administración (por ejemplo, el modelo 790 o la tarjeta de identidad de extranjero), que paga el cliente.
- Las traducciones juradas, apostillas, legalizaciones, certificados y demás documentos de terceros.
- Los recursos administrativos o judiciales contra la resolución, salvo que el servicio contratado los incluya expresamente.
- Los desplazamientos fuera del despacho y cualquier trámite no descrito en el objeto.

Lo que no incluye se presupuesta aparte, por escrito y antes de hacerlo.

## 3. Honorarios y forma de pago

Los honorarios de este encargo son **{{price}}**, que el cliente paga por completo al contratar, con tarjeta en el sitio web. El despacho emite la factura en ese momento y la envía por correo electrónico. Los gastos a cargo del cliente (apartado 2) se pagan directamente a quien corresponda.

## 4. Duración y terminación

El encargo dura hasta que la administración resuelve el expediente o se termina antes:

- El cliente puede terminar el encargo en cualquier momento, comunicándolo por escrito. Fuera del plazo de desistimiento (apartado 5), el despacho devuelve la parte de los honorarios que corresponda al trabajo aún no realizado.
- El despacho puede renunciar al encargo por causa justificada (falta de colaboración o de documentos, pérdida de confianza, conflicto de intereses), avisándolo con antelación suficiente para que el cliente pueda confiar el asunto a otro profesional, y devolviendo la parte de los honorarios que corresponda al trabajo no realizado.

## 5. Derecho de desistimiento

Como consumidor, el cliente tiene derecho a desistir de este contrato en un plazo de **14 días naturales** desde su celebración (el día del pago), sin necesidad de justificación (artículos 102 a 108 del Real Decreto Legislativo 1/2007, TRLGDCU). Puede ejercerlo desde su área de cliente, con el botón «Desistir», o enviando al despacho una declaración inequívoca (por ejemplo, el formulario de abajo) por correo electrónico o por carta.

Consecuencias: el despacho devuelve todos los pagos recibidos, sin demora y como máximo en 14 días desde que conoce la decisión, por el mismo medio de pago. Si el cliente ha pedido que el trabajo comience durante el plazo de desistimiento, abonará un importe proporcional a la parte del servicio ya prestada hasta que comunicó el desistimiento. **El derecho de desistimiento se pierde una vez que el servicio se ha prestado por completo**, cuando la ejecución comenzó con el consentimiento expreso del cliente y su reconocimiento de esta consecuencia (artículo 103.a).

### Modelo de formulario de desistimiento

(Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato.)

A la atención de {{firmName}}, {{firmAddress}}, {{firmEmail}}:

Por la presente le comunico que desisto del contrato de prestación del siguiente servicio: {{service}}.

- Contratado el: ____________
- Nombre del consumidor: ____________
- Domicilio del consumidor: ____________
- Firma del consumidor (solo si el presente formulario se presenta en papel)
- Fecha: ____________

## 6. Protección de datos

{{firmName}} es el responsable del tratamiento de los datos del cliente, que se tratan para prestar este encargo y cumplir las obligaciones legales del despacho (artículo 6.1.b y c del Reglamento (UE) 2016/679), y se comunican solo a las administraciones y profesionales que el encargo requiere. Se conservan mientras dure el encargo y, después, durante los plazos legales. El cliente puede ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad escribiendo a {{firmEmail}}, y reclamar ante la Agencia Española de Protección de Datos. Más información en la política de privacidad del sitio web.

## 7. Secreto profesional y reclamaciones

El despacho guarda secreto profesional sobre todo lo que conozca por este encargo. El cliente puede presentar quejas y reclamaciones al despacho en {{firmEmail}}, y ante el servicio de atención a consumidores y usuarios del Colegio de la Abogacía en el que está colegiado el abogado responsable ({{firmBar}}), así como ante las juntas arbitrales de consumo.

## 8. Aceptación

El cliente declara haber leído esta hoja de encargo antes de pagar y la acepta. El despacho le envía una copia en PDF por correo electrónico, que puede descargar también en su área de cliente.
`;

const en = `# Engagement letter

On {{date}}, **{{firmName}}** (tax id {{firmTaxId}}), of {{firmAddress}}, e-mail {{firmEmail}} ("the firm"), and **{{clientName}}** ({{clientDocument}}), of {{clientAddress}}, e-mail {{clientEmail}} ("the client"), agree on the following engagement.

## 1. What the firm is engaged to do

The firm will provide the client with the service **{{service}}**, as described on its page of the website when it is hired: studying the case, preparing the documents, filing them with the competent authority and following the file until it is decided.

## 2. What it does not include

- The authority's fees and charges (for example form 790 or the foreigner's identity card), which the client pays.
- Sworn translations, apostilles, legalisations, certificates and other third parties' documents.
- Administrative or court appeals against the decision, unless the service hired expressly includes them.
- Travel outside the office and any step not described above.

Whatever is not included is quoted separately, in writing, before it is done.

## 3. Fees and payment

The fees for this engagement are **{{price}}**, paid in full by the client when hiring, by card on the website. The firm issues the invoice then and sends it by e-mail. The client's own costs (section 2) are paid directly to whoever charges them.

## 4. Duration and ending

The engagement lasts until the authority decides the file, unless it ends earlier:

- The client may end it at any time, in writing. Outside the withdrawal period (section 5), the firm refunds the part of the fees for the work not yet done.
- The firm may give it up for a justified reason (lack of cooperation or documents, loss of trust, a conflict of interest), with enough notice for the client to entrust the matter to another professional, refunding the part of the fees for the work not done.

## 5. Right of withdrawal

As a consumer, the client has the right to withdraw from this contract within **14 calendar days** of its conclusion (the day of payment), without giving any reason (articles 102 to 108 of Royal Legislative Decree 1/2007, TRLGDCU). The client may do so from the client area, with the "Withdraw" button, or by sending the firm a clear statement (for example, the form below) by e-mail or by post.

Effects: the firm refunds all payments received without undue delay and at the latest 14 days after learning of the decision, by the same means of payment. If the client asked for the work to begin during the withdrawal period, the client pays an amount in proportion to the part of the service provided until the withdrawal was communicated. **The right of withdrawal is lost once the service has been fully performed**, when performance began with the client's express consent and acknowledgement of this consequence (article 103.a).

### Model withdrawal form

(Complete and return this form only if you wish to withdraw from the contract.)

To {{firmName}}, {{firmAddress}}, {{firmEmail}}:

I hereby give notice that I withdraw from my contract for the provision of the following service: {{service}}.

- Ordered on: ____________
- Name of consumer: ____________
- Address of consumer: ____________
- Signature of consumer (only if this form is notified on paper)
- Date: ____________

## 6. Data protection

{{firmName}} is the controller of the client's data, which are processed to carry out this engagement and to meet the firm's legal obligations (article 6.1.b and c of Regulation (EU) 2016/679), and disclosed only to the authorities and professionals the engagement requires. They are kept while the engagement lasts and then for the periods the law sets. The client may exercise the rights of access, rectification, erasure, objection, restriction and portability by writing to {{firmEmail}}, and complain to the Spanish Data Protection Agency (AEPD). More in the website's privacy policy.

## 7. Professional secrecy and complaints

The firm keeps professional secrecy about everything it learns through this engagement. The client may complain to the firm at {{firmEmail}}, and to the consumer service of the Bar Association with which the responsible lawyer is registered ({{firmBar}}), as well as to the consumer arbitration boards.

## 8. Acceptance

The client states having read this engagement letter before paying, and accepts it. The firm sends the client a PDF copy by e-mail, which can also be downloaded from the client area.
`;

const fr = `# Lettre de mission

Le {{date}}, d'une part **{{firmName}}** (NIF {{firmTaxId}}), domicilié {{firmAddress}}, courriel {{firmEmail}} («\u00a0le cabinet\u00a0»), et d'autre part **{{clientName}}** ({{clientDocument}}), domicilié(e) {{clientAddress}}, courriel {{clientEmail}} («\u00a0le client\u00a0»), conviennent de la mission suivante.

## 1. Objet de la mission

Le cabinet fournit au client le service **{{service}}**, tel que le décrit sa page du site au moment de la commande\u00a0: l'étude du dossier, la préparation des documents, leur dépôt auprès de l'administration compétente et le suivi du dossier jusqu'à la décision.

## 2. Ce qui n'est pas compris

- Les taxes et redevances de l'administration (par exemple le formulaire 790 ou la carte d'identité d'étranger), à la charge du client.
- Les traductions assermentées, apostilles, légalisations, certificats et autres documents de tiers.
- Les recours administratifs ou judiciaires contre la décision, sauf si le service commandé les comprend expressément.
- Les déplacements hors du cabinet et toute démarche non décrite ci-dessus.

Ce qui n'est pas compris fait l'objet d'un devis séparé, par écrit, avant d'être fait.

## 3. Honoraires et paiement

Les honoraires de cette mission sont de **{{price}}**, payés en totalité par le client à la commande, par carte sur le site. Le cabinet émet alors la facture et l'envoie par courriel. Les frais à la charge du client (point 2) sont payés directement à qui les facture.

## 4. Durée et fin

La mission dure jusqu'à la décision de l'administration, sauf fin anticipée\u00a0:

- Le client peut y mettre fin à tout moment, par écrit. Hors du délai de rétractation (point 5), le cabinet rembourse la part des honoraires correspondant au travail non encore fait.
- Le cabinet peut y renoncer pour un motif légitime (manque de coopération ou de documents, perte de confiance, conflit d'intérêts), avec un préavis suffisant pour que le client confie l'affaire à un autre professionnel, en remboursant la part des honoraires correspondant au travail non fait.

## 5. Droit de rétractation

En tant que consommateur, le client peut se rétracter du présent contrat dans un délai de **14 jours calendaires** à compter de sa conclusion (le jour du paiement), sans avoir à motiver sa décision (articles 102 à 108 du décret royal législatif 1/2007, TRLGDCU). Il peut le faire depuis son espace client, avec le bouton «\u00a0Se rétracter\u00a0», ou en adressant au cabinet une déclaration dénuée d'ambiguïté (par exemple le formulaire ci-dessous) par courriel ou par courrier.

Effets\u00a0: le cabinet rembourse tous les paiements reçus sans retard excessif et au plus tard 14 jours après avoir été informé de la décision, par le même moyen de paiement. Si le client a demandé que le travail commence pendant le délai de rétractation, il paie un montant proportionnel à la partie du service fournie jusqu'à la communication de sa rétractation. **Le droit de rétractation est perdu une fois le service pleinement exécuté**, lorsque l'exécution a commencé avec l'accord exprès du client et sa reconnaissance de cette conséquence (article 103.a).

### Modèle de formulaire de rétractation

(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)

À l'attention de {{firmName}}, {{firmAddress}}, {{firmEmail}}\u00a0:

Je vous notifie par la présente ma rétractation du contrat portant sur la prestation du service ci-dessous\u00a0: {{service}}.

- Commandé le\u00a0: ____________
- Nom du consommateur\u00a0: ____________
- Adresse du consommateur\u00a0: ____________
- Signature du consommateur (uniquement en cas de notification du présent formulaire sur papier)
- Date\u00a0: ____________

## 6. Protection des données

{{firmName}} est responsable du traitement des données du client, qui sont traitées pour exécuter cette mission et remplir les obligations légales du cabinet (article 6.1.b et c du règlement (UE) 2016/679), et ne sont communiquées qu'aux administrations et professionnels que la mission exige. Elles sont conservées pendant la mission puis pendant les durées légales. Le client peut exercer ses droits d'accès, de rectification, d'effacement, d'opposition, de limitation et de portabilité en écrivant à {{firmEmail}}, et saisir l'Agence espagnole de protection des données (AEPD). Plus d'informations dans la politique de confidentialité du site.

## 7. Secret professionnel et réclamations

Le cabinet est tenu au secret professionnel sur tout ce qu'il apprend dans le cadre de cette mission. Le client peut adresser ses réclamations au cabinet à {{firmEmail}}, et au service des consommateurs de l'ordre des avocats auprès duquel l'avocat responsable est inscrit ({{firmBar}}), ainsi qu'aux commissions d'arbitrage de la consommation.

## 8. Acceptation

Le client déclare avoir lu cette lettre de mission avant de payer et l'accepte. Le cabinet lui en envoie une copie PDF par courriel, également téléchargeable depuis l'espace client.
`;

export const defaultLetters: Record<Language, string> = { es, en, fr };
