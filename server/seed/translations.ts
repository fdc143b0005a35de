import type { CatalogueLanguage } from '../i18n/request-language';

/**
 * The demo catalogue's texts in the nine interface languages, keyed by entity id.
 * English repeats the entity's own column, which answers when a language or a text is missing.
 * Proper names (warehouses, people, companies, the "Summer Drinks" campaign, the "Käse Gouda"
 * product) stay as they are in every language. Turkish units keep their singular after a
 * number ("12 şişe"), so their plural is the singular.
 */
export type Texts<Fields extends string> = Record<CatalogueLanguage, Record<Fields, string>>;

const names = (texts: Record<CatalogueLanguage, string>): Texts<'name'> =>
  Object.fromEntries(Object.entries(texts).map(([language, name]) => [language, { name }])) as Texts<'name'>;

const unit = (texts: Record<CatalogueLanguage, [string, string]>): Texts<'name' | 'name_plural'> =>
  Object.fromEntries(
    Object.entries(texts).map(([language, [name, name_plural]]) => [language, { name, name_plural }]),
  ) as Texts<'name' | 'name_plural'>;

const message = (texts: Record<CatalogueLanguage, [string, string]>): Texts<'name' | 'description'> =>
  Object.fromEntries(
    Object.entries(texts).map(([language, [name, description]]) => [language, { name, description }]),
  ) as Texts<'name' | 'description'>;

/** By category id (catalogue-source.ts). */
export const categoryTexts: Record<number, Texts<'name'>> = {
  1: names({
    en: 'Dairy & Cheese',
    tr: 'Süt Ürünleri ve Peynir',
    de: 'Milchprodukte & Käse',
    ar: 'الألبان والأجبان',
    es: 'Lácteos y quesos',
    fr: 'Produits laitiers et fromages',
    it: 'Latticini e formaggi',
    nn: 'Meieriprodukt og ost',
    sv: 'Mejeri och ost',
  }),
  2: names({
    en: 'Soft Drinks & Water',
    tr: 'Meşrubat ve Su',
    de: 'Erfrischungsgetränke & Wasser',
    ar: 'المشروبات الغازية والمياه',
    es: 'Refrescos y agua',
    fr: 'Boissons rafraîchissantes et eaux',
    it: 'Bibite e acqua',
    nn: 'Brus og vatn',
    sv: 'Läsk och vatten',
  }),
  3: names({
    en: 'Tea & Coffee',
    tr: 'Çay ve Kahve',
    de: 'Tee & Kaffee',
    ar: 'الشاي والقهوة',
    es: 'Té y café',
    fr: 'Thé et café',
    it: 'Tè e caffè',
    nn: 'Te og kaffi',
    sv: 'Te och kaffe',
  }),
  4: names({
    en: 'Bakery',
    tr: 'Fırın Ürünleri',
    de: 'Backwaren',
    ar: 'المخبوزات',
    es: 'Panadería',
    fr: 'Boulangerie',
    it: 'Prodotti da forno',
    nn: 'Bakarvarer',
    sv: 'Bageri',
  }),
  5: names({
    en: 'Meat & Sausages',
    tr: 'Et ve Şarküteri',
    de: 'Fleisch & Wurst',
    ar: 'اللحوم والنقانق',
    es: 'Carne y embutidos',
    fr: 'Viande et charcuterie',
    it: 'Carne e salumi',
    nn: 'Kjøt og pølser',
    sv: 'Kött och korv',
  }),
  6: names({
    en: 'Fruit & Vegetables',
    tr: 'Meyve ve Sebze',
    de: 'Obst & Gemüse',
    ar: 'الفواكه والخضروات',
    es: 'Fruta y verdura',
    fr: 'Fruits et légumes',
    it: 'Frutta e verdura',
    nn: 'Frukt og grønsaker',
    sv: 'Frukt och grönsaker',
  }),
  7: names({
    en: 'Pantry & Dry Goods',
    tr: 'Temel Gıda ve Kuru Ürünler',
    de: 'Vorrat & Trockenware',
    ar: 'المؤن والمواد الجافة',
    es: 'Despensa y productos secos',
    fr: 'Épicerie sèche',
    it: 'Dispensa e prodotti secchi',
    nn: 'Basisvarer og tørrvarer',
    sv: 'Skafferi och torrvaror',
  }),
  8: names({
    en: 'Frozen Food',
    tr: 'Dondurulmuş Gıda',
    de: 'Tiefkühlkost',
    ar: 'الأطعمة المجمدة',
    es: 'Congelados',
    fr: 'Surgelés',
    it: 'Surgelati',
    nn: 'Frysevarer',
    sv: 'Fryst mat',
  }),
  9: names({
    en: 'Sweets & Snacks',
    tr: 'Tatlı ve Atıştırmalık',
    de: 'Süßwaren & Snacks',
    ar: 'الحلويات والوجبات الخفيفة',
    es: 'Dulces y aperitivos',
    fr: 'Confiserie et en-cas',
    it: 'Dolci e snack',
    nn: 'Søtsaker og snacks',
    sv: 'Godis och snacks',
  }),
  10: names({
    en: 'Spices & Sauces',
    tr: 'Baharat ve Soslar',
    de: 'Gewürze & Soßen',
    ar: 'التوابل والصلصات',
    es: 'Especias y salsas',
    fr: 'Épices et sauces',
    it: 'Spezie e salse',
    nn: 'Krydder og sausar',
    sv: 'Kryddor och såser',
  }),
  11: names({
    en: 'Cleaning & Hygiene',
    tr: 'Temizlik ve Hijyen',
    de: 'Reinigung & Hygiene',
    ar: 'التنظيف والنظافة الشخصية',
    es: 'Limpieza e higiene',
    fr: 'Nettoyage et hygiène',
    it: 'Pulizia e igiene',
    nn: 'Reinhald og hygiene',
    sv: 'Städ och hygien',
  }),
  12: names({
    en: 'Packaging & Disposables',
    tr: 'Ambalaj ve Tek Kullanımlık Ürünler',
    de: 'Verpackung & Einwegartikel',
    ar: 'التغليف والمستلزمات أحادية الاستخدام',
    es: 'Envases y desechables',
    fr: 'Emballages et jetables',
    it: 'Imballaggi e monouso',
    nn: 'Emballasje og eingongsartiklar',
    sv: 'Förpackningar och engångsartiklar',
  }),
  13: names({
    en: 'Beer & Wine',
    tr: 'Bira ve Şarap',
    de: 'Bier & Wein',
    ar: 'البيرة والنبيذ',
    es: 'Cerveza y vino',
    fr: 'Bière et vin',
    it: 'Birra e vino',
    nn: 'Øl og vin',
    sv: 'Öl och vin',
  }),
};

const piece = unit({
  en: ['piece', 'pieces'],
  tr: ['adet', 'adet'],
  de: ['Stück', 'Stück'],
  ar: ['قطعة', 'قطع'],
  es: ['pieza', 'piezas'],
  fr: ['pièce', 'pièces'],
  it: ['pezzo', 'pezzi'],
  nn: ['stykke', 'stykke'],
  sv: ['styck', 'styck'],
});
const box = unit({
  en: ['box', 'boxes'],
  tr: ['koli', 'koli'],
  de: ['Karton', 'Kartons'],
  ar: ['كرتون', 'كراتين'],
  es: ['caja', 'cajas'],
  fr: ['carton', 'cartons'],
  it: ['cartone', 'cartoni'],
  nn: ['kartong', 'kartongar'],
  sv: ['kartong', 'kartonger'],
});
const pallet = unit({
  en: ['pallet', 'pallets'],
  tr: ['palet', 'palet'],
  de: ['Palette', 'Paletten'],
  ar: ['منصة', 'منصات'],
  es: ['palé', 'palés'],
  fr: ['palette', 'palettes'],
  it: ['bancale', 'bancali'],
  nn: ['pall', 'pallar'],
  sv: ['pall', 'pallar'],
});

/** By unit id (units.ts): piece → box → pallet, bottle → crate → pallet. */
export const unitTexts: Record<number, Texts<'name' | 'name_plural'>> = {
  1: piece,
  2: box,
  3: pallet,
  4: unit({
    en: ['bottle', 'bottles'],
    tr: ['şişe', 'şişe'],
    de: ['Flasche', 'Flaschen'],
    ar: ['زجاجة', 'زجاجات'],
    es: ['botella', 'botellas'],
    fr: ['bouteille', 'bouteilles'],
    it: ['bottiglia', 'bottiglie'],
    nn: ['flaske', 'flasker'],
    sv: ['flaska', 'flaskor'],
  }),
  5: unit({
    en: ['crate', 'crates'],
    tr: ['kasa', 'kasa'],
    de: ['Kiste', 'Kisten'],
    ar: ['صندوق', 'صناديق'],
    es: ['cajón', 'cajones'],
    fr: ['casier', 'casiers'],
    it: ['cassa', 'casse'],
    nn: ['kasse', 'kasser'],
    sv: ['back', 'backar'],
  }),
  6: pallet,
};

/** By notification id (messages.ts). */
export const notificationTexts: Record<number, Texts<'name' | 'description'>> = {
  1: message({
    en: [
      'Your order is on its way',
      'Suborder from Hamburg Cold Store left the warehouse. Lukas Brandt will call before delivery.',
    ],
    tr: [
      'Siparişiniz yolda',
      "Hamburg Cold Store'dan gelen alt sipariş depodan çıktı. Lukas Brandt teslimattan önce arayacak.",
    ],
    de: [
      'Ihre Bestellung ist unterwegs',
      'Die Teillieferung aus dem Hamburg Cold Store hat das Lager verlassen. Lukas Brandt ruft vor der Lieferung an.',
    ],
    ar: [
      'طلبك في الطريق',
      'غادر الطلب الفرعي من Hamburg Cold Store المستودع. سيتصل بك Lukas Brandt قبل التسليم.',
    ],
    es: [
      'Su pedido está en camino',
      'El subpedido de Hamburg Cold Store ha salido del almacén. Lukas Brandt le llamará antes de la entrega.',
    ],
    fr: [
      'Votre commande est en route',
      "La sous-commande de Hamburg Cold Store a quitté l'entrepôt. Lukas Brandt vous appellera avant la livraison.",
    ],
    it: [
      'Il tuo ordine è in arrivo',
      'Il sottordine da Hamburg Cold Store ha lasciato il magazzino. Lukas Brandt ti chiamerà prima della consegna.',
    ],
    nn: [
      'Bestillinga di er på veg',
      'Delbestillinga frå Hamburg Cold Store har forlate lageret. Lukas Brandt ringjer før leveringa.',
    ],
    sv: [
      'Din beställning är på väg',
      'Delordern från Hamburg Cold Store har lämnat lagret. Lukas Brandt ringer före leveransen.',
    ],
  }),
  2: message({
    en: [
      'New campaign: Summer Drinks',
      'Water, lemonade and beer by the crate: 15 % off until the end of the season.',
    ],
    tr: ['Yeni kampanya: Summer Drinks', 'Kasa kasa su, limonata ve bira: sezon sonuna kadar %15 indirim.'],
    de: [
      'Neue Aktion: Summer Drinks',
      'Wasser, Limonade und Bier kistenweise: 15 % Rabatt bis zum Ende der Saison.',
    ],
    ar: ['حملة جديدة: Summer Drinks', 'مياه وليموناضة وبيرة بالصندوق: خصم 15 % حتى نهاية الموسم.'],
    es: [
      'Nueva campaña: Summer Drinks',
      'Agua, limonada y cerveza por cajones: 15 % de descuento hasta el final de la temporada.',
    ],
    fr: [
      'Nouvelle campagne : Summer Drinks',
      "Eau, limonade et bière au casier : 15 % de remise jusqu'à la fin de la saison.",
    ],
    it: [
      'Nuova campagna: Summer Drinks',
      'Acqua, limonata e birra a casse: 15 % di sconto fino alla fine della stagione.',
    ],
    nn: [
      'Ny kampanje: Summer Drinks',
      'Vatn, lemonade og øl i kassevis: 15 % avslag fram til sesongen er over.',
    ],
    sv: ['Ny kampanj: Summer Drinks', 'Vatten, läsk och öl per back: 15 % rabatt till säsongens slut.'],
  }),
  3: message({
    en: [
      'Price change for Käse Gouda',
      'Dairy prices were adjusted on Monday. Old prices are shown struck through.',
    ],
    tr: [
      'Käse Gouda için fiyat değişikliği',
      'Süt ürünlerinin fiyatları pazartesi günü güncellendi. Eski fiyatlar üstü çizili gösterilir.',
    ],
    de: [
      'Preisänderung bei Käse Gouda',
      'Die Preise für Milchprodukte wurden am Montag angepasst. Alte Preise werden durchgestrichen angezeigt.',
    ],
    ar: ['تغيير سعر Käse Gouda', 'عُدّلت أسعار منتجات الألبان يوم الاثنين. تظهر الأسعار القديمة مشطوبة.'],
    es: [
      'Cambio de precio de Käse Gouda',
      'Los precios de los lácteos se ajustaron el lunes. Los precios anteriores se muestran tachados.',
    ],
    fr: [
      'Changement de prix pour Käse Gouda',
      'Les prix des produits laitiers ont été ajustés lundi. Les anciens prix sont affichés barrés.',
    ],
    it: [
      'Variazione di prezzo per Käse Gouda',
      'I prezzi dei latticini sono stati adeguati lunedì. I prezzi precedenti sono mostrati barrati.',
    ],
    nn: [
      'Prisendring for Käse Gouda',
      'Prisane på meieriprodukt vart justerte måndag. Gamle prisar blir viste overstrokne.',
    ],
    sv: [
      'Prisändring för Käse Gouda',
      'Priserna på mejeriprodukter justerades i måndags. Gamla priser visas överstrukna.',
    ],
  }),
  4: message({
    en: [
      'Invoice available',
      'The invoice for your delivered order is ready. Open it from here or from the order list.',
    ],
    tr: [
      'Fatura hazır',
      'Teslim edilen siparişinizin faturası hazır. Buradan veya sipariş listesinden açabilirsiniz.',
    ],
    de: [
      'Rechnung verfügbar',
      'Die Rechnung zu Ihrer gelieferten Bestellung liegt vor. Öffnen Sie sie hier oder in der Bestellliste.',
    ],
    ar: ['الفاتورة متاحة', 'فاتورة طلبك الذي تم توصيله جاهزة. افتحها من هنا أو من قائمة الطلبات.'],
    es: [
      'Factura disponible',
      'La factura de su pedido entregado está lista. Ábrala desde aquí o desde la lista de pedidos.',
    ],
    fr: [
      'Facture disponible',
      'La facture de votre commande livrée est prête. Ouvrez-la d’ici ou depuis la liste des commandes.',
    ],
    it: [
      'Fattura disponibile',
      "La fattura del tuo ordine consegnato è pronta. Aprila da qui o dall'elenco degli ordini.",
    ],
    nn: [
      'Faktura tilgjengeleg',
      'Fakturaen for den leverte bestillinga di er klar. Opne ho herifrå eller frå bestillingslista.',
    ],
    sv: [
      'Faktura tillgänglig',
      'Fakturan för din levererade beställning är klar. Öppna den härifrån eller från orderlistan.',
    ],
  }),
  5: message({
    en: ['Welcome to the ordering portal', 'Maria Keller added you to Lindenhof Gastro GmbH.'],
    tr: ['Sipariş portalına hoş geldiniz', "Maria Keller sizi Lindenhof Gastro GmbH'ye ekledi."],
    de: ['Willkommen im Bestellportal', 'Maria Keller hat Sie zu Lindenhof Gastro GmbH hinzugefügt.'],
    ar: ['مرحبًا بك في بوابة الطلبات', 'أضافتك Maria Keller إلى Lindenhof Gastro GmbH.'],
    es: ['Bienvenido al portal de pedidos', 'Maria Keller le ha añadido a Lindenhof Gastro GmbH.'],
    fr: ['Bienvenue sur le portail de commande', 'Maria Keller vous a ajouté à Lindenhof Gastro GmbH.'],
    it: ['Benvenuto nel portale ordini', 'Maria Keller ti ha aggiunto a Lindenhof Gastro GmbH.'],
    nn: ['Velkomen til bestillingsportalen', 'Maria Keller har lagt deg til i Lindenhof Gastro GmbH.'],
    sv: ['Välkommen till beställningsportalen', 'Maria Keller har lagt till dig i Lindenhof Gastro GmbH.'],
  }),
  6: message({
    en: ['Your order is being prepared', 'Your order is being picked in Köln Depot.'],
    tr: ['Siparişiniz hazırlanıyor', "Siparişiniz Köln Depot'ta toplanıyor."],
    de: ['Ihre Bestellung wird vorbereitet', 'Ihre Bestellung wird im Köln Depot kommissioniert.'],
    ar: ['جارٍ تجهيز طلبك', 'يجري تجميع طلبك في Köln Depot.'],
    es: ['Su pedido se está preparando', 'Estamos preparando su pedido en Köln Depot.'],
    fr: ['Votre commande est en préparation', 'Votre commande est en cours de préparation à Köln Depot.'],
    it: ['Il tuo ordine è in preparazione', 'Il tuo ordine è in fase di allestimento presso Köln Depot.'],
    nn: ['Bestillinga di blir førebudd', 'Bestillinga di blir plukka på Köln Depot.'],
    sv: ['Din beställning förbereds', 'Din beställning plockas på Köln Depot.'],
  }),
  7: message({
    en: ['Welcome!', 'Good to have you here. We look forward to your first order.'],
    tr: ['Hoş geldiniz!', 'Aramıza hoş geldiniz. İlk siparişinizi sabırsızlıkla bekliyoruz.'],
    de: ['Willkommen!', 'Schön, dass Sie da sind. Wir freuen uns auf Ihre erste Bestellung.'],
    ar: ['أهلًا وسهلًا!', 'يسعدنا انضمامك إلينا. نتطلع إلى طلبك الأول.'],
    es: ['¡Bienvenido!', 'Nos alegra tenerle aquí. Esperamos con ilusión su primer pedido.'],
    fr: [
      'Bienvenue !',
      'Ravis de vous compter parmi nous. Nous nous réjouissons de votre première commande.',
    ],
    it: ['Benvenuto!', 'Siamo lieti di averti con noi. Aspettiamo con piacere il tuo primo ordine.'],
    nn: ['Velkomen!', 'Kjekt at du er her. Vi ser fram til den første bestillinga di.'],
    sv: ['Välkommen!', 'Kul att du är här. Vi ser fram emot din första beställning.'],
  }),
  8: message({
    en: ['Demo mode', 'Prices, cart and orders are hidden in demo mode.'],
    tr: ['Demo modu', 'Demo modunda fiyatlar, sepet ve siparişler gizlidir.'],
    de: ['Demomodus', 'Im Demomodus sind Preise, Warenkorb und Bestellungen ausgeblendet.'],
    ar: ['الوضع التجريبي', 'الأسعار وسلة التسوق والطلبات مخفية في الوضع التجريبي.'],
    es: [
      'Modo de demostración',
      'En el modo de demostración se ocultan los precios, el carrito y los pedidos.',
    ],
    fr: ['Mode démo', 'En mode démo, les prix, le panier et les commandes sont masqués.'],
    it: ['Modalità demo', 'In modalità demo prezzi, carrello e ordini sono nascosti.'],
    nn: ['Demomodus', 'I demomodus er prisar, handlekorg og bestillingar skjulte.'],
    sv: ['Demoläge', 'I demoläget döljs priser, varukorg och beställningar.'],
  }),
};

/** By announcement id (messages.ts). */
export const announcementTexts: Record<number, Texts<'name' | 'description'>> = {
  1: message({
    en: [
      'Holiday delivery schedule',
      'No deliveries on public holidays; orders placed before are delivered the next working day.',
    ],
    tr: [
      'Resmî tatil teslimat planı',
      'Resmî tatillerde teslimat yapılmaz; öncesinde verilen siparişler bir sonraki iş günü teslim edilir.',
    ],
    de: [
      'Lieferplan an Feiertagen',
      'An gesetzlichen Feiertagen wird nicht geliefert; vorher aufgegebene Bestellungen werden am nächsten Werktag geliefert.',
    ],
    ar: [
      'جدول التوصيل في العطلات',
      'لا توصيل في العطلات الرسمية؛ تُسلَّم الطلبات المقدَّمة قبلها في يوم العمل التالي.',
    ],
    es: [
      'Calendario de entregas en festivos',
      'No hay entregas en días festivos; los pedidos realizados antes se entregan el siguiente día laborable.',
    ],
    fr: [
      'Calendrier des livraisons les jours fériés',
      'Aucune livraison les jours fériés ; les commandes passées avant sont livrées le jour ouvré suivant.',
    ],
    it: [
      'Calendario consegne nei giorni festivi',
      'Nessuna consegna nei giorni festivi; gli ordini effettuati prima vengono consegnati il giorno lavorativo successivo.',
    ],
    nn: [
      'Leveringsplan for heilagdagar',
      'Ingen leveringar på heilagdagar; bestillingar som er lagde inn før, blir leverte neste arbeidsdag.',
    ],
    sv: [
      'Leveransschema för helgdagar',
      'Inga leveranser på helgdagar; beställningar som lagts innan levereras nästa arbetsdag.',
    ],
  }),
  2: message({
    en: [
      'New cold store in Hamburg',
      'Chilled and frozen products now ship from our new Hamburg Cold Store.',
    ],
    tr: [
      "Hamburg'da yeni soğuk hava deposu",
      'Soğutulmuş ve dondurulmuş ürünler artık yeni Hamburg Cold Store depomuzdan gönderiliyor.',
    ],
    de: [
      'Neues Kühlhaus in Hamburg',
      'Gekühlte und tiefgekühlte Produkte werden jetzt aus unserem neuen Hamburg Cold Store versandt.',
    ],
    ar: [
      'مستودع تبريد جديد في هامبورغ',
      'تُشحن المنتجات المبرَّدة والمجمَّدة الآن من مستودعنا الجديد Hamburg Cold Store.',
    ],
    es: [
      'Nuevo almacén frigorífico en Hamburgo',
      'Los productos refrigerados y congelados se envían ahora desde nuestro nuevo Hamburg Cold Store.',
    ],
    fr: [
      'Nouvel entrepôt frigorifique à Hambourg',
      'Les produits frais et surgelés sont désormais expédiés depuis notre nouveau Hamburg Cold Store.',
    ],
    it: [
      'Nuovo magazzino frigorifero ad Amburgo',
      'I prodotti refrigerati e surgelati ora partono dal nostro nuovo Hamburg Cold Store.',
    ],
    nn: ['Nytt kjølelager i Hamburg', 'Kjølte og frosne varer blir no sende frå det nye Hamburg Cold Store.'],
    sv: [
      'Nytt kyllager i Hamburg',
      'Kylda och frysta produkter skickas nu från vårt nya Hamburg Cold Store.',
    ],
  }),
  3: message({
    en: ['Maintenance on Sunday night', 'The portal may be unavailable on Sunday between 02:00 and 03:00.'],
    tr: ['Pazar gecesi bakım çalışması', 'Portal pazar günü 02:00 ile 03:00 arasında kullanılamayabilir.'],
    de: [
      'Wartung in der Nacht zum Sonntag',
      'Das Portal ist am Sonntag zwischen 02:00 und 03:00 Uhr möglicherweise nicht erreichbar.',
    ],
    ar: ['صيانة ليلة الأحد', 'قد لا تكون البوابة متاحة يوم الأحد بين الساعة 02:00 و03:00.'],
    es: [
      'Mantenimiento en la madrugada del domingo',
      'Es posible que el portal no esté disponible el domingo entre las 02:00 y las 03:00.',
    ],
    fr: [
      'Maintenance dans la nuit de dimanche',
      'Le portail pourrait être indisponible dimanche entre 02:00 et 03:00.',
    ],
    it: [
      'Manutenzione nella notte di domenica',
      'Il portale potrebbe non essere disponibile domenica tra le 02:00 e le 03:00.',
    ],
    nn: ['Vedlikehald natt til søndag', 'Portalen kan vere utilgjengeleg søndag mellom 02:00 og 03:00.'],
    sv: ['Underhåll natten till söndag', 'Portalen kan vara otillgänglig på söndag mellan 02:00 och 03:00.'],
  }),
};
