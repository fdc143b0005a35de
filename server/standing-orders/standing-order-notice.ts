import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type CatalogueLanguage, catalogueLanguages, FALLBACK_LANGUAGE } from '../i18n/request-language';

export type StandingOrderNoticeKind = 'drafted' | 'needsReview' | 'failed';

/** The notices' texts in the nine languages; {name} is the series' name, {date} the delivery day. */
const texts: Record<
  CatalogueLanguage,
  Record<StandingOrderNoticeKind, { name: string; description: string }>
> = {
  en: {
    drafted: {
      name: 'Standing order ready: {name}',
      description:
        'Your standing order "{name}" for {date} is drafted and will be placed at the cut-off. Check it, change it or skip it until then.',
    },
    needsReview: {
      name: 'Standing order needs your review: {name}',
      description:
        'Your standing order "{name}" for {date} will not be placed until you review it: a price rose or a product is not available.',
    },
    failed: {
      name: 'Standing order not placed: {name}',
      description: 'Your standing order "{name}" for {date} could not be placed.',
    },
  },
  de: {
    drafted: {
      name: 'Dauerauftrag bereit: {name}',
      description:
        'Ihr Dauerauftrag „{name}“ für den {date} ist vorbereitet und wird zum Bestellschluss aufgegeben. Bis dahin können Sie ihn prüfen, ändern oder aussetzen.',
    },
    needsReview: {
      name: 'Dauerauftrag bitte prüfen: {name}',
      description:
        'Ihr Dauerauftrag „{name}“ für den {date} wird erst nach Ihrer Prüfung aufgegeben: Ein Preis ist gestiegen oder ein Artikel ist nicht lieferbar.',
    },
    failed: {
      name: 'Dauerauftrag nicht aufgegeben: {name}',
      description: 'Ihr Dauerauftrag „{name}“ für den {date} konnte nicht aufgegeben werden.',
    },
  },
  tr: {
    drafted: {
      name: 'Düzenli sipariş hazır: {name}',
      description:
        '{date} tarihli "{name}" düzenli siparişiniz hazırlandı ve son sipariş saatinde verilecek. O zamana kadar kontrol edebilir, değiştirebilir veya atlayabilirsiniz.',
    },
    needsReview: {
      name: 'Düzenli sipariş incelemenizi bekliyor: {name}',
      description:
        '{date} tarihli "{name}" düzenli siparişiniz siz incelemeden verilmeyecek: bir fiyat yükseldi veya bir ürün mevcut değil.',
    },
    failed: {
      name: 'Düzenli sipariş verilemedi: {name}',
      description: '{date} tarihli "{name}" düzenli siparişiniz verilemedi.',
    },
  },
  ar: {
    drafted: {
      name: 'الطلب الدوري جاهز: {name}',
      description:
        'تم تجهيز طلبك الدوري "{name}" ليوم {date} وسيُرسل عند موعد الإغلاق. يمكنك مراجعته أو تعديله أو تخطيه حتى ذلك الحين.',
    },
    needsReview: {
      name: 'الطلب الدوري يحتاج إلى مراجعتك: {name}',
      description: 'لن يُرسل طلبك الدوري "{name}" ليوم {date} قبل أن تراجعه: ارتفع سعر أو منتج غير متوفر.',
    },
    failed: {
      name: 'لم يُرسل الطلب الدوري: {name}',
      description: 'تعذّر إرسال طلبك الدوري "{name}" ليوم {date}.',
    },
  },
  es: {
    drafted: {
      name: 'Pedido periódico preparado: {name}',
      description:
        'Su pedido periódico «{name}» para el {date} está preparado y se enviará a la hora de cierre. Hasta entonces puede revisarlo, cambiarlo u omitirlo.',
    },
    needsReview: {
      name: 'Pedido periódico pendiente de revisión: {name}',
      description:
        'Su pedido periódico «{name}» para el {date} no se enviará hasta que lo revise: ha subido un precio o un producto no está disponible.',
    },
    failed: {
      name: 'Pedido periódico no enviado: {name}',
      description: 'No se pudo enviar su pedido periódico «{name}» para el {date}.',
    },
  },
  fr: {
    drafted: {
      name: 'Commande récurrente prête : {name}',
      description:
        'Votre commande récurrente « {name} » pour le {date} est préparée et sera passée à l’heure limite. D’ici là, vous pouvez la vérifier, la modifier ou la sauter.',
    },
    needsReview: {
      name: 'Commande récurrente à vérifier : {name}',
      description:
        'Votre commande récurrente « {name} » pour le {date} ne sera pas passée avant votre vérification : un prix a augmenté ou un produit n’est pas disponible.',
    },
    failed: {
      name: 'Commande récurrente non passée : {name}',
      description: 'Votre commande récurrente « {name} » pour le {date} n’a pas pu être passée.',
    },
  },
  it: {
    drafted: {
      name: 'Ordine ricorrente pronto: {name}',
      description:
        'Il tuo ordine ricorrente "{name}" per il {date} è pronto e sarà inviato all’orario di chiusura. Fino ad allora puoi controllarlo, modificarlo o saltarlo.',
    },
    needsReview: {
      name: 'Ordine ricorrente da controllare: {name}',
      description:
        'Il tuo ordine ricorrente "{name}" per il {date} non sarà inviato finché non lo controlli: un prezzo è aumentato o un prodotto non è disponibile.',
    },
    failed: {
      name: 'Ordine ricorrente non inviato: {name}',
      description: 'Non è stato possibile inviare il tuo ordine ricorrente "{name}" per il {date}.',
    },
  },
  nn: {
    drafted: {
      name: 'Fast bestilling klar: {name}',
      description:
        'Den faste bestillinga di «{name}» for {date} er klargjord og blir send ved bestillingsfristen. Til då kan du sjå over, endre eller hoppe over ho.',
    },
    needsReview: {
      name: 'Fast bestilling treng gjennomgang: {name}',
      description:
        'Den faste bestillinga di «{name}» for {date} blir ikkje send før du har sett over ho: ein pris har auka eller ei vare er ikkje tilgjengeleg.',
    },
    failed: {
      name: 'Fast bestilling ikkje send: {name}',
      description: 'Den faste bestillinga di «{name}» for {date} kunne ikkje sendast.',
    },
  },
  sv: {
    drafted: {
      name: 'Stående order klar: {name}',
      description:
        'Din stående order ”{name}” för {date} är förberedd och läggs vid beställningsstoppet. Fram till dess kan du granska, ändra eller hoppa över den.',
    },
    needsReview: {
      name: 'Stående order behöver granskas: {name}',
      description:
        'Din stående order ”{name}” för {date} läggs inte förrän du har granskat den: ett pris har stigit eller en produkt är inte tillgänglig.',
    },
    failed: {
      name: 'Stående order inte lagd: {name}',
      description: 'Din stående order ”{name}” för {date} kunde inte läggas.',
    },
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Tells the series' buyer about one of its deliveries, in the nine languages like the order notices.
 * Called in the transaction that drafted (or failed) the occurrence, so it is told once.
 */
export async function announceStandingOrder(
  trx: Kysely<Database>,
  notice: {
    kind: StandingOrderNoticeKind;
    userId: number;
    name: string;
    date: string;
    orderId?: number | null;
  },
  at: Date,
) {
  const values = { name: notice.name, date: notice.date };
  const inLanguage = (language: CatalogueLanguage) => {
    const text = texts[language][notice.kind];
    return { name: fill(text.name, values), description: fill(text.description, values) };
  };
  const english = inLanguage(FALLBACK_LANGUAGE);
  const { id } = await trx
    .insertInto('notifications')
    .values({
      user_id: notice.userId,
      name: english.name,
      description: english.description,
      created_at: at.toISOString(),
      read_at: null,
      ...(notice.orderId ? { order_id: notice.orderId } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('notification_translations')
    .values(
      catalogueLanguages.map((language) => ({ notification_id: id, language, ...inLanguage(language) })),
    )
    .execute();
}
