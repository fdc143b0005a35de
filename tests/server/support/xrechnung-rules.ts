/**
 * The rules of the XRechnung CIUS (KoSIT XRechnung 3.0.2, Schematron for CII) that apply to the
 * portal's invoices and credit notes, each checked on the XML as its Schematron assertion reads.
 * The portal's documents carry no direct debit (BR-DE-20, 25, 30, 31), no payment card (BR-DE-24)
 * and no attachments inside the XRechnung; BR-DE-12 and BR-DE-13 were withdrawn. Also the two PEPPOL
 * rules XRechnung 3.0 adopted for the parties' electronic addresses (R010, R020) and its business
 * process (R001).
 */

const block = (xml: string, element: string) =>
  new RegExp(`<${element}(?: [^>]*)?>([\\s\\S]*?)</${element}>`).exec(xml)?.[1];
const blocks = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([\\s\\S]*?)</${element}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
/** the text of an element, '' when it is missing or blank */
const text = (xml: string | undefined, element: string) =>
  (xml === undefined ? undefined : block(xml, element))?.trim() ?? '';
const path = (xml: string | undefined, ...elements: string[]) =>
  elements.reduce<string | undefined>(
    (inner, element) => (inner === undefined ? undefined : block(inner, element)),
    xml,
  );

const XRECHNUNG_CIUS = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const SKONTO = /^#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/** ISO 13616 mod 97, as BR-DE-19 computes it */
function ibanCheck(value: string) {
  const iban = value.replace(/\s+/g, '');
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4).toUpperCase()}`.replace(/[A-Z]/gi, (letter) =>
    String(letter.toUpperCase().charCodeAt(0) - 55),
  );
  return BigInt(digits) % 97n === 1n;
}

export type RuleId = string;

/** Every applicable rule with whether the XML meets it. */
export function xRechnungRuleResults(xml: string): Record<RuleId, boolean> {
  const transaction = block(xml, 'rsm:SupplyChainTradeTransaction') ?? '';
  const agreement = block(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = block(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const seller = path(agreement, 'ram:SellerTradeParty');
  const buyer = path(agreement, 'ram:BuyerTradeParty');
  const sellerAddress = path(seller, 'ram:PostalTradeAddress');
  const buyerAddress = path(buyer, 'ram:PostalTradeAddress');
  const contact = path(seller, 'ram:DefinedTradeContact');
  const shipTo = path(transaction, 'ram:ApplicableHeaderTradeDelivery', 'ram:ShipToTradeParty');
  const shipToAddress = path(shipTo, 'ram:PostalTradeAddress');
  const means =
    settlement === undefined ? [] : blocks(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
  const transfers = means.filter((one) => ['30', '58'].includes(text(one, 'ram:TypeCode')));
  const terms = text(path(settlement, 'ram:SpecifiedTradePaymentTerms'), 'ram:Description');
  const typeCode = text(path(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode');
  const headerTaxes = settlement === undefined ? [] : blocks(settlement, 'ram:ApplicableTradeTax');
  const fileNames = [...xml.matchAll(/<ram:AttachmentBinaryObject[^>]* filename="([^"]*)"/g)].map(
    (m) => m[1],
  );
  const sellerVatId = /<ram:ID schemeID="(VA|FC)">\s*\S[^<]*<\/ram:ID>/.test(
    path(seller, 'ram:SpecifiedTaxRegistration') ?? '',
  );
  return {
    'BR-DE-1': means.length > 0,
    'BR-DE-2': contact !== undefined,
    'BR-DE-3': text(sellerAddress, 'ram:CityName') !== '',
    'BR-DE-4': text(sellerAddress, 'ram:PostcodeCode') !== '',
    'BR-DE-5': text(contact, 'ram:PersonName') !== '' || text(contact, 'ram:DepartmentName') !== '',
    'BR-DE-6': text(path(contact, 'ram:TelephoneUniversalCommunication'), 'ram:CompleteNumber') !== '',
    'BR-DE-7': text(path(contact, 'ram:EmailURIUniversalCommunication'), 'ram:URIID') !== '',
    'BR-DE-8': text(buyerAddress, 'ram:CityName') !== '',
    'BR-DE-9': text(buyerAddress, 'ram:PostcodeCode') !== '',
    'BR-DE-10': shipToAddress === undefined || text(shipToAddress, 'ram:CityName') !== '',
    'BR-DE-11': shipToAddress === undefined || text(shipToAddress, 'ram:PostcodeCode') !== '',
    'BR-DE-14':
      headerTaxes.length > 0 && headerTaxes.every((tax) => text(tax, 'ram:RateApplicablePercent') !== ''),
    'BR-DE-15': text(agreement, 'ram:BuyerReference') !== '',
    'BR-DE-16': sellerVatId || path(agreement, 'ram:SellerTaxRepresentativeTradeParty') !== undefined,
    'BR-DE-17': ['326', '380', '384', '389', '381', '875', '876', '877'].includes(typeCode),
    'BR-DE-18': terms
      .split(/\r?\n/)
      .filter((line) => line.trim().startsWith('#'))
      .every((line) => SKONTO.test(line.trim())),
    'BR-DE-19': transfers
      .filter((one) => text(one, 'ram:TypeCode') === '58')
      .every((one) => ibanCheck(text(path(one, 'ram:PayeePartyCreditorFinancialAccount'), 'ram:IBANID'))),
    'BR-DE-21':
      text(path(xml, 'ram:GuidelineSpecifiedDocumentContextParameter'), 'ram:ID') === XRECHNUNG_CIUS,
    'BR-DE-22': new Set(fileNames).size === fileNames.length,
    'BR-DE-23-a': transfers.every((one) => path(one, 'ram:PayeePartyCreditorFinancialAccount') !== undefined),
    'BR-DE-23-b':
      transfers.length === 0 ||
      (transfers.every(
        (one) =>
          path(one, 'ram:ApplicableTradeSettlementFinancialCard') === undefined &&
          path(one, 'ram:PayerPartyDebtorFinancialAccount') === undefined,
      ) &&
        !/<ram:DirectDebitMandateID>|<ram:CreditorReferenceID>/.test(settlement ?? '')),
    'PEPPOL-EN16931-R001':
      text(path(xml, 'ram:BusinessProcessSpecifiedDocumentContextParameter'), 'ram:ID') !== '',
    'PEPPOL-EN16931-R010': text(path(buyer, 'ram:URIUniversalCommunication'), 'ram:URIID') !== '',
    'PEPPOL-EN16931-R020': text(path(seller, 'ram:URIUniversalCommunication'), 'ram:URIID') !== '',
  };
}

/** The rules the XML breaks, by id; [] for an XRechnung the rules above accept. */
export const brokenXRechnungRules = (xml: string) =>
  Object.entries(xRechnungRuleResults(xml))
    .filter(([, met]) => !met)
    .map(([rule]) => rule);
