import type { CatalogueLanguage } from '../i18n/request-language';

/** What the buyer is told of a suborder: one title and one text per change the ERP reports. */
export type SuborderNoticeKind =
  | 'received'
  | 'confirmed'
  | 'picking'
  | 'shipped'
  | 'etaMoved'
  | 'delivered'
  | 'deliveredWith'
  | 'invoiced'
  | 'cancelled';

/** A counted phrase in the CLDR plural categories of the language (Intl.PluralRules); `other` always. */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface SuborderNoticeTexts {
  /** the notification's title, with {order}, and {eta} {note} {details} where they belong */
  title: Record<SuborderNoticeKind, string>;
  /** its text, naming the warehouse: {warehouse} */
  text: Record<Exclude<SuborderNoticeKind, 'deliveredWith'>, string>;
  /** lines that arrived short, {count} */
  short: Plural;
  /** lines the warehouse sent another product for, {count} */
  substituted: Plural;
  /** the supplier's reason for a cancellation, appended to the text */
  reason: string;
  /** between the delivered details ("1 line short, 1 product substituted") */
  separator: string;
}

/**
 * The suborder notifications in the portal's nine languages. {eta} is the expected arrival as the
 * language writes a day and a time ("Tue 1 Dec, 14:00", in the supplier's time zone), {note} the
 * delivery note number, {details} the delivered counts joined by `separator`.
 */
export const suborderNoticeTexts: Record<CatalogueLanguage, SuborderNoticeTexts> = {
  en: {
    title: {
      received: 'Order {order}: received by the supplier',
      confirmed: 'Order {order}: confirmed',
      picking: 'Order {order}: being picked',
      shipped: 'Order {order}: shipped, expected {eta}, delivery note {note}',
      etaMoved: 'Order {order}: now expected {eta}, delivery note {note}',
      delivered: 'Order {order}: delivered',
      deliveredWith: 'Order {order}: delivered, {details}',
      invoiced: 'Order {order}: invoiced',
      cancelled: 'Order {order}: cancelled by the supplier',
    },
    text: {
      received: '{warehouse} has received your order.',
      confirmed: '{warehouse} has confirmed your order.',
      picking: '{warehouse} is putting your goods together.',
      shipped: 'The delivery from {warehouse} is on its way.',
      etaMoved: 'The delivery from {warehouse} will arrive at a new time.',
      delivered: 'The delivery from {warehouse} has arrived. The order shows what was delivered.',
      invoiced: 'The supplier has invoiced the delivery from {warehouse}.',
      cancelled: 'The supplier has cancelled the delivery from {warehouse}.',
    },
    short: { one: '{count} line short', other: '{count} lines short' },
    substituted: { one: '{count} product substituted', other: '{count} products substituted' },
    reason: 'Reason: {reason}',
    separator: ', ',
  },
  tr: {
    title: {
      received: 'Sipariş {order}: tedarikçiye ulaştı',
      confirmed: 'Sipariş {order}: onaylandı',
      picking: 'Sipariş {order}: hazırlanıyor',
      shipped: 'Sipariş {order}: yola çıktı, beklenen varış {eta}, irsaliye {note}',
      etaMoved: 'Sipariş {order}: yeni beklenen varış {eta}, irsaliye {note}',
      delivered: 'Sipariş {order}: teslim edildi',
      deliveredWith: 'Sipariş {order}: teslim edildi, {details}',
      invoiced: 'Sipariş {order}: faturalandı',
      cancelled: 'Sipariş {order}: tedarikçi tarafından iptal edildi',
    },
    text: {
      received: '{warehouse} siparişinizi aldı.',
      confirmed: '{warehouse} siparişinizi onayladı.',
      picking: '{warehouse} ürünlerinizi hazırlıyor.',
      shipped: '{warehouse} çıkışlı teslimatınız yolda.',
      etaMoved: '{warehouse} çıkışlı teslimatınızın varış zamanı değişti.',
      delivered: '{warehouse} çıkışlı teslimatınız ulaştı. Neyin teslim edildiğini siparişte görebilirsiniz.',
      invoiced: 'Tedarikçi, {warehouse} çıkışlı teslimatı faturalandırdı.',
      cancelled: 'Tedarikçi, {warehouse} çıkışlı teslimatı iptal etti.',
    },
    short: { one: '{count} kalem eksik', other: '{count} kalem eksik' },
    substituted: { one: '{count} ürün değiştirildi', other: '{count} ürün değiştirildi' },
    reason: 'Neden: {reason}',
    separator: ', ',
  },
  de: {
    title: {
      received: 'Bestellung {order}: beim Lieferanten eingegangen',
      confirmed: 'Bestellung {order}: bestätigt',
      picking: 'Bestellung {order}: wird kommissioniert',
      shipped: 'Bestellung {order}: versandt, erwartet {eta}, Lieferschein {note}',
      etaMoved: 'Bestellung {order}: jetzt erwartet {eta}, Lieferschein {note}',
      delivered: 'Bestellung {order}: geliefert',
      deliveredWith: 'Bestellung {order}: geliefert, {details}',
      invoiced: 'Bestellung {order}: in Rechnung gestellt',
      cancelled: 'Bestellung {order}: vom Lieferanten storniert',
    },
    text: {
      received: '{warehouse} hat Ihre Bestellung erhalten.',
      confirmed: '{warehouse} hat Ihre Bestellung bestätigt.',
      picking: '{warehouse} stellt Ihre Ware zusammen.',
      shipped: 'Die Lieferung von {warehouse} ist unterwegs.',
      etaMoved: 'Die Lieferung von {warehouse} kommt zu einer neuen Zeit.',
      delivered: 'Die Lieferung von {warehouse} ist angekommen. Die Bestellung zeigt, was geliefert wurde.',
      invoiced: 'Der Lieferant hat die Lieferung von {warehouse} in Rechnung gestellt.',
      cancelled: 'Der Lieferant hat die Lieferung von {warehouse} storniert.',
    },
    short: { one: '{count} Position mit Fehlmenge', other: '{count} Positionen mit Fehlmenge' },
    substituted: { one: '{count} Artikel ersetzt', other: '{count} Artikel ersetzt' },
    reason: 'Grund: {reason}',
    separator: ', ',
  },
  ar: {
    title: {
      received: 'الطلب {order}: استلمه المورّد',
      confirmed: 'الطلب {order}: تم التأكيد',
      picking: 'الطلب {order}: قيد التجهيز',
      shipped: 'الطلب {order}: تم الشحن، الوصول المتوقع {eta}، إشعار التسليم {note}',
      etaMoved: 'الطلب {order}: موعد الوصول المتوقع الجديد {eta}، إشعار التسليم {note}',
      delivered: 'الطلب {order}: تم التسليم',
      deliveredWith: 'الطلب {order}: تم التسليم، {details}',
      invoiced: 'الطلب {order}: صدرت الفاتورة',
      cancelled: 'الطلب {order}: ألغاه المورّد',
    },
    text: {
      received: 'استلم {warehouse} طلبك.',
      confirmed: 'أكّد {warehouse} طلبك.',
      picking: 'يجهّز {warehouse} بضاعتك.',
      shipped: 'الشحنة من {warehouse} في الطريق.',
      etaMoved: 'تغيّر موعد وصول الشحنة من {warehouse}.',
      delivered: 'وصلت الشحنة من {warehouse}. يعرض الطلب ما تم تسليمه.',
      invoiced: 'أصدر المورّد فاتورة الشحنة من {warehouse}.',
      cancelled: 'ألغى المورّد الشحنة من {warehouse}.',
    },
    short: {
      zero: 'لا يوجد بند ناقص',
      one: 'بند واحد ناقص',
      two: 'بندان ناقصان',
      few: '{count} بنود ناقصة',
      many: '{count} بندًا ناقصًا',
      other: '{count} بند ناقص',
    },
    substituted: {
      zero: 'لا يوجد منتج مستبدل',
      one: 'منتج واحد مستبدل',
      two: 'منتجان مستبدلان',
      few: '{count} منتجات مستبدلة',
      many: '{count} منتجًا مستبدلًا',
      other: '{count} منتج مستبدل',
    },
    reason: 'السبب: {reason}',
    separator: '، ',
  },
  es: {
    title: {
      received: 'Pedido {order}: recibido por el proveedor',
      confirmed: 'Pedido {order}: confirmado',
      picking: 'Pedido {order}: en preparación',
      shipped: 'Pedido {order}: enviado, llegada prevista {eta}, albarán {note}',
      etaMoved: 'Pedido {order}: nueva llegada prevista {eta}, albarán {note}',
      delivered: 'Pedido {order}: entregado',
      deliveredWith: 'Pedido {order}: entregado, {details}',
      invoiced: 'Pedido {order}: facturado',
      cancelled: 'Pedido {order}: cancelado por el proveedor',
    },
    text: {
      received: '{warehouse} ha recibido su pedido.',
      confirmed: '{warehouse} ha confirmado su pedido.',
      picking: '{warehouse} está preparando su mercancía.',
      shipped: 'La entrega desde {warehouse} está en camino.',
      etaMoved: 'La entrega desde {warehouse} llegará a otra hora.',
      delivered: 'La entrega desde {warehouse} ha llegado. El pedido muestra lo que se entregó.',
      invoiced: 'El proveedor ha facturado la entrega desde {warehouse}.',
      cancelled: 'El proveedor ha cancelado la entrega desde {warehouse}.',
    },
    short: { one: '{count} línea incompleta', other: '{count} líneas incompletas' },
    substituted: { one: '{count} producto sustituido', other: '{count} productos sustituidos' },
    reason: 'Motivo: {reason}',
    separator: ', ',
  },
  fr: {
    title: {
      received: 'Commande {order}\u00a0: reçue par le fournisseur',
      confirmed: 'Commande {order}\u00a0: confirmée',
      picking: 'Commande {order}\u00a0: en préparation',
      shipped: 'Commande {order}\u00a0: expédiée, arrivée prévue {eta}, bon de livraison {note}',
      etaMoved: 'Commande {order}\u00a0: nouvelle arrivée prévue {eta}, bon de livraison {note}',
      delivered: 'Commande {order}\u00a0: livrée',
      deliveredWith: 'Commande {order}\u00a0: livrée, {details}',
      invoiced: 'Commande {order}\u00a0: facturée',
      cancelled: 'Commande {order}\u00a0: annulée par le fournisseur',
    },
    text: {
      received: '{warehouse} a reçu votre commande.',
      confirmed: '{warehouse} a confirmé votre commande.',
      picking: '{warehouse} prépare vos marchandises.',
      shipped: 'La livraison de {warehouse} est en route.',
      etaMoved: 'La livraison de {warehouse} arrivera à une nouvelle heure.',
      delivered: 'La livraison de {warehouse} est arrivée. La commande indique ce qui a été livré.',
      invoiced: 'Le fournisseur a facturé la livraison de {warehouse}.',
      cancelled: 'Le fournisseur a annulé la livraison de {warehouse}.',
    },
    short: { one: '{count} ligne incomplète', other: '{count} lignes incomplètes' },
    substituted: { one: '{count} produit remplacé', other: '{count} produits remplacés' },
    reason: 'Motif\u00a0: {reason}',
    separator: ', ',
  },
  it: {
    title: {
      received: 'Ordine {order}: ricevuto dal fornitore',
      confirmed: 'Ordine {order}: confermato',
      picking: 'Ordine {order}: in preparazione',
      shipped: 'Ordine {order}: spedito, arrivo previsto {eta}, documento di trasporto {note}',
      etaMoved: 'Ordine {order}: nuovo arrivo previsto {eta}, documento di trasporto {note}',
      delivered: 'Ordine {order}: consegnato',
      deliveredWith: 'Ordine {order}: consegnato, {details}',
      invoiced: 'Ordine {order}: fatturato',
      cancelled: 'Ordine {order}: annullato dal fornitore',
    },
    text: {
      received: '{warehouse} ha ricevuto il tuo ordine.',
      confirmed: '{warehouse} ha confermato il tuo ordine.',
      picking: '{warehouse} sta preparando la tua merce.',
      shipped: 'La consegna da {warehouse} è in viaggio.',
      etaMoved: 'La consegna da {warehouse} arriverà a un nuovo orario.',
      delivered: "La consegna da {warehouse} è arrivata. L'ordine mostra cosa è stato consegnato.",
      invoiced: 'Il fornitore ha fatturato la consegna da {warehouse}.',
      cancelled: 'Il fornitore ha annullato la consegna da {warehouse}.',
    },
    short: { one: '{count} riga incompleta', other: '{count} righe incomplete' },
    substituted: { one: '{count} prodotto sostituito', other: '{count} prodotti sostituiti' },
    reason: 'Motivo: {reason}',
    separator: ', ',
  },
  nn: {
    title: {
      received: 'Bestilling {order}: motteken av leverandøren',
      confirmed: 'Bestilling {order}: stadfesta',
      picking: 'Bestilling {order}: vert plukka',
      shipped: 'Bestilling {order}: sendt, venta fram {eta}, følgjesetel {note}',
      etaMoved: 'Bestilling {order}: no venta fram {eta}, følgjesetel {note}',
      delivered: 'Bestilling {order}: levert',
      deliveredWith: 'Bestilling {order}: levert, {details}',
      invoiced: 'Bestilling {order}: fakturert',
      cancelled: 'Bestilling {order}: kansellert av leverandøren',
    },
    text: {
      received: '{warehouse} har motteke bestillinga di.',
      confirmed: '{warehouse} har stadfesta bestillinga di.',
      picking: '{warehouse} plukkar varene dine.',
      shipped: 'Leveransen frå {warehouse} er på veg.',
      etaMoved: 'Leveransen frå {warehouse} kjem på eit nytt tidspunkt.',
      delivered: 'Leveransen frå {warehouse} er komen fram. Bestillinga viser kva som vart levert.',
      invoiced: 'Leverandøren har fakturert leveransen frå {warehouse}.',
      cancelled: 'Leverandøren har kansellert leveransen frå {warehouse}.',
    },
    short: { one: '{count} linje med manko', other: '{count} linjer med manko' },
    substituted: { one: '{count} vare bytt ut', other: '{count} varer bytte ut' },
    reason: 'Grunn: {reason}',
    separator: ', ',
  },
  sv: {
    title: {
      received: 'Beställning {order}: mottagen av leverantören',
      confirmed: 'Beställning {order}: bekräftad',
      picking: 'Beställning {order}: plockas',
      shipped: 'Beställning {order}: skickad, väntas fram {eta}, följesedel {note}',
      etaMoved: 'Beställning {order}: väntas nu fram {eta}, följesedel {note}',
      delivered: 'Beställning {order}: levererad',
      deliveredWith: 'Beställning {order}: levererad, {details}',
      invoiced: 'Beställning {order}: fakturerad',
      cancelled: 'Beställning {order}: avbruten av leverantören',
    },
    text: {
      received: '{warehouse} har tagit emot din beställning.',
      confirmed: '{warehouse} har bekräftat din beställning.',
      picking: '{warehouse} plockar dina varor.',
      shipped: 'Leveransen från {warehouse} är på väg.',
      etaMoved: 'Leveransen från {warehouse} kommer vid en ny tid.',
      delivered: 'Leveransen från {warehouse} har kommit fram. Beställningen visar vad som levererades.',
      invoiced: 'Leverantören har fakturerat leveransen från {warehouse}.',
      cancelled: 'Leverantören har avbrutit leveransen från {warehouse}.',
    },
    short: { one: '{count} rad med brist', other: '{count} rader med brist' },
    substituted: { one: '{count} vara ersatt', other: '{count} varor ersatta' },
    reason: 'Orsak: {reason}',
    separator: ', ',
  },
};

/** How each language writes the expected arrival's day and time ("Tue 1 Dec, 14:00"). */
export const etaLocales: Record<CatalogueLanguage, string> = {
  en: 'en-GB',
  tr: 'tr',
  de: 'de',
  ar: 'ar',
  es: 'es',
  fr: 'fr',
  it: 'it',
  nn: 'nn',
  sv: 'sv',
};
