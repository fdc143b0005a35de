import type { CatalogueLanguage } from '../i18n/request-language';

/** A notification's title and text, with {order}, {number} and {invoice} filled in when it is written. */
interface NoticeText {
  name: string;
  description: string;
}

/**
 * What the buyer is told when an invoice is issued and when a credit note cancels one, in the
 * portal's nine languages. The names of the documents are the ones the documents carry
 * (invoice-labels.ts): "Rechnungskorrektur", "İade faturası", "Avoir" and so on. {order} is the
 * order number, {number} the document's number, {invoice} the number of the invoice a credit note
 * cancels.
 */
export const invoiceNoticeTexts: Record<CatalogueLanguage, { invoice: NoticeText; creditNote: NoticeText }> =
  {
    en: {
      invoice: {
        name: 'Invoice available',
        description:
          'Invoice {number} for your order {order} is ready. Open it from here or from the order list.',
      },
      creditNote: {
        name: 'Credit note for order {order}',
        description: 'Credit note {number} cancels invoice {invoice} of your order {order}.',
      },
    },
    tr: {
      invoice: {
        name: 'Fatura hazır',
        description:
          '{order} numaralı siparişinizin {number} numaralı faturası hazır. Buradan veya sipariş listesinden açabilirsiniz.',
      },
      creditNote: {
        name: '{order} numaralı sipariş için iade faturası',
        description:
          '{number} numaralı iade faturası, {order} numaralı siparişinizin {invoice} numaralı faturasını iptal eder.',
      },
    },
    de: {
      invoice: {
        name: 'Rechnung verfügbar',
        description:
          'Die Rechnung {number} zu Ihrer Bestellung {order} liegt vor. Öffnen Sie sie hier oder in der Bestellliste.',
      },
      creditNote: {
        name: 'Rechnungskorrektur zur Bestellung {order}',
        description:
          'Die Rechnungskorrektur {number} storniert die Rechnung {invoice} Ihrer Bestellung {order}.',
      },
    },
    ar: {
      invoice: {
        name: 'الفاتورة متاحة',
        description: 'الفاتورة {number} لطلبك رقم {order} جاهزة. افتحها من هنا أو من قائمة الطلبات.',
      },
      creditNote: {
        name: 'إشعار دائن للطلب رقم {order}',
        description: 'يلغي الإشعار الدائن {number} الفاتورة {invoice} لطلبك رقم {order}.',
      },
    },
    es: {
      invoice: {
        name: 'Factura disponible',
        description:
          'La factura {number} de su pedido {order} está lista. Ábrala desde aquí o desde la lista de pedidos.',
      },
      creditNote: {
        name: 'Factura rectificativa del pedido {order}',
        description: 'La factura rectificativa {number} anula la factura {invoice} de su pedido {order}.',
      },
    },
    fr: {
      invoice: {
        name: 'Facture disponible',
        description:
          'La facture {number} de votre commande {order} est prête. Ouvrez-la d’ici ou depuis la liste des commandes.',
      },
      creditNote: {
        name: 'Avoir pour la commande {order}',
        description: 'L’avoir {number} annule la facture {invoice} de votre commande {order}.',
      },
    },
    it: {
      invoice: {
        name: 'Fattura disponibile',
        description:
          "La fattura {number} del tuo ordine {order} è pronta. Aprila da qui o dall'elenco degli ordini.",
      },
      creditNote: {
        name: "Nota di credito per l'ordine {order}",
        description: 'La nota di credito {number} annulla la fattura {invoice} del tuo ordine {order}.',
      },
    },
    nn: {
      invoice: {
        name: 'Faktura tilgjengeleg',
        description:
          'Faktura {number} for bestillinga di {order} er klar. Opne ho herifrå eller frå bestillingslista.',
      },
      creditNote: {
        name: 'Kreditnota for bestilling {order}',
        description: 'Kreditnota {number} annullerer faktura {invoice} for bestillinga di {order}.',
      },
    },
    sv: {
      invoice: {
        name: 'Faktura tillgänglig',
        description:
          'Faktura {number} för din beställning {order} är klar. Öppna den härifrån eller från orderlistan.',
      },
      creditNote: {
        name: 'Kreditfaktura för beställning {order}',
        description: 'Kreditfaktura {number} makulerar faktura {invoice} för din beställning {order}.',
      },
    },
  };
