import type { CatalogueLanguage } from '../i18n/request-language';

/**
 * The words of the order confirmation mail. Placeholders: {number} the order number, {warehouse} a
 * warehouse's name, {rate} a VAT rate, {net} {tax} {gross} formatted amounts. `colon` is what joins a
 * label to its value (French sets a space before it). The basis lines are the portal's own
 * ("Prices incl. VAT" / "Prices without VAT"), so the mail promises what the screens promise.
 */
export interface OrderMailWords {
  subject: string;
  intro: string;
  colon: string;
  orderNumber: string;
  deliveryDay: string;
  deliveryAddress: string;
  shipment: string;
  deposit: string;
  basisGross: string;
  basisNet: string;
  rate: string;
  total: string;
  note: string;
  closing: string;
}

export const orderMailWords: Record<CatalogueLanguage, OrderMailWords> = {
  en: {
    subject: 'Order confirmation {number}',
    intro: 'thank you for your order. We have received it as follows.',
    colon: ': ',
    orderNumber: 'Order number',
    deliveryDay: 'Delivery day',
    deliveryAddress: 'Delivery address',
    shipment: 'From {warehouse}:',
    deposit: 'deposit',
    basisGross: 'Prices incl. VAT',
    basisNet: 'Prices without VAT',
    rate: 'VAT {rate} %: net {net}, VAT {tax}, gross {gross}',
    total: 'Total',
    note: 'Your note',
    closing: 'You can follow the order under Orders in the portal.',
  },
  tr: {
    subject: 'Sipariş onayı {number}',
    intro: 'siparişiniz için teşekkür ederiz. Siparişinizi aşağıdaki gibi aldık.',
    colon: ': ',
    orderNumber: 'Sipariş numarası',
    deliveryDay: 'Teslimat günü',
    deliveryAddress: 'Teslimat adresi',
    shipment: 'Gönderen depo: {warehouse}',
    deposit: 'depozito',
    basisGross: 'Fiyatlar KDV dahil',
    basisNet: "Fiyatlar KDV'siz",
    rate: '%{rate} KDV: net {net}, KDV {tax}, brüt {gross}',
    total: 'Toplam',
    note: 'Notunuz',
    closing: 'Siparişinizi portalda Siparişler bölümünden takip edebilirsiniz.',
  },
  de: {
    subject: 'Bestellbestätigung {number}',
    intro: 'vielen Dank für Ihre Bestellung. Wir haben sie wie folgt erhalten.',
    colon: ': ',
    orderNumber: 'Bestellnummer',
    deliveryDay: 'Liefertag',
    deliveryAddress: 'Lieferadresse',
    shipment: 'Lieferung aus {warehouse}:',
    deposit: 'Pfand',
    basisGross: 'Preise inkl. MwSt.',
    basisNet: 'Preise ohne MwSt.',
    rate: 'MwSt. {rate} %: netto {net}, MwSt. {tax}, brutto {gross}',
    total: 'Gesamtbetrag',
    note: 'Ihre Anmerkung',
    closing: 'Sie finden die Bestellung im Portal unter Bestellungen.',
  },
  ar: {
    subject: 'تأكيد الطلب {number}',
    intro: 'شكرًا لطلبك. لقد استلمناه على النحو التالي.',
    colon: ': ',
    orderNumber: 'رقم الطلب',
    deliveryDay: 'يوم التوصيل',
    deliveryAddress: 'عنوان التوصيل',
    shipment: 'من {warehouse}:',
    deposit: 'التأمين',
    basisGross: 'الأسعار شاملة ضريبة القيمة المضافة',
    basisNet: 'الأسعار بدون ضريبة القيمة المضافة',
    rate: 'ضريبة القيمة المضافة {rate} %: الصافي {net}، الضريبة {tax}، الإجمالي {gross}',
    total: 'المبلغ الإجمالي',
    note: 'ملاحظتك',
    closing: 'يمكنك متابعة الطلب في البوابة ضمن الطلبات.',
  },
  es: {
    subject: 'Confirmación del pedido {number}',
    intro: 'gracias por tu pedido. Lo hemos recibido de la siguiente manera.',
    colon: ': ',
    orderNumber: 'Número de pedido',
    deliveryDay: 'Día de entrega',
    deliveryAddress: 'Dirección de entrega',
    shipment: 'Desde {warehouse}:',
    deposit: 'depósito',
    basisGross: 'Precios con IVA incluido',
    basisNet: 'Precios sin IVA',
    rate: 'IVA {rate} %: neto {net}, IVA {tax}, bruto {gross}',
    total: 'Importe total',
    note: 'Tu nota',
    closing: 'Puedes seguir el pedido en el portal, en Pedidos.',
  },
  fr: {
    subject: 'Confirmation de la commande {number}',
    intro: 'merci pour votre commande. Nous l’avons reçue comme suit.',
    colon: '\u00a0: ',
    orderNumber: 'Numéro de commande',
    deliveryDay: 'Jour de livraison',
    deliveryAddress: 'Adresse de livraison',
    shipment: 'Depuis {warehouse}\u00a0:',
    deposit: 'consigne',
    basisGross: 'Prix TTC',
    basisNet: 'Prix sans TVA',
    rate: 'TVA {rate} %\u00a0: HT {net}, TVA {tax}, TTC {gross}',
    total: 'Montant total',
    note: 'Votre remarque',
    closing: 'Vous pouvez suivre la commande dans le portail, sous Commandes.',
  },
  it: {
    subject: 'Conferma dell’ordine {number}',
    intro: 'grazie per il tuo ordine. Lo abbiamo ricevuto come segue.',
    colon: ': ',
    orderNumber: 'Numero d’ordine',
    deliveryDay: 'Giorno di consegna',
    deliveryAddress: 'Indirizzo di consegna',
    shipment: 'Da {warehouse}:',
    deposit: 'cauzione',
    basisGross: 'Prezzi IVA inclusa',
    basisNet: 'Prezzi senza IVA',
    rate: 'IVA {rate} %: imponibile {net}, IVA {tax}, lordo {gross}',
    total: 'Totale',
    note: 'La tua nota',
    closing: 'Puoi seguire l’ordine nel portale, in Ordini.',
  },
  nn: {
    subject: 'Stadfesting av bestilling {number}',
    intro: 'takk for bestillinga di. Vi har motteke ho slik.',
    colon: ': ',
    orderNumber: 'Bestillingsnummer',
    deliveryDay: 'Leveringsdag',
    deliveryAddress: 'Leveringsadresse',
    shipment: 'Frå {warehouse}:',
    deposit: 'pant',
    basisGross: 'Prisar inkl. mva.',
    basisNet: 'Prisar utan mva.',
    rate: 'Mva. {rate} %: netto {net}, mva. {tax}, brutto {gross}',
    total: 'Totalt',
    note: 'Merknaden din',
    closing: 'Du kan følgje bestillinga i portalen under Bestillingar.',
  },
  sv: {
    subject: 'Orderbekräftelse {number}',
    intro: 'Tack för din beställning. Vi har tagit emot den så här.',
    colon: ': ',
    orderNumber: 'Ordernummer',
    deliveryDay: 'Leveransdag',
    deliveryAddress: 'Leveransadress',
    shipment: 'Från {warehouse}:',
    deposit: 'pant',
    basisGross: 'Priser inkl. moms',
    basisNet: 'Priser utan moms',
    rate: 'Moms {rate} %: netto {net}, moms {tax}, brutto {gross}',
    total: 'Totalt',
    note: 'Din kommentar',
    closing: 'Du kan följa beställningen i portalen under Beställningar.',
  },
};
