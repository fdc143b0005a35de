// Every header text recognised for the three quick-order columns, in the nine languages of the portal.
// Entries are compared after normaliseHeaderText(), so case, accents, punctuation and Arabic diacritics do
// not matter ("Stok Kodu", "STOK KODU:", "stok_kodu" all match "stok kodu").
//
// "strong" entries name the column unambiguously; "weak" ones (a bare "code", "amount") only count when no
// column carries a strong name for the same field, so "Code | Barcode | Qty" reads Barcode as a barcode
// and "Qty | Amount" reads Qty as the quantity.

export type HeaderField = 'stockCode' | 'barcode' | 'quantity' | 'unit';

interface FieldVocabulary {
  strong: readonly string[];
  weak: readonly string[];
}

export const HEADER_VOCABULARY: Record<HeaderField, FieldVocabulary> = {
  stockCode: {
    strong: [
      // en
      'stock code',
      'stockcode',
      'stock no',
      'stock number',
      'sku',
      'item code',
      'item number',
      'item no',
      'product code',
      'article number',
      'article no',
      'part number',
      'part no',
      // tr
      'stok kodu',
      'stok kod',
      'stok no',
      'urun kodu',
      'malzeme kodu',
      // de
      'artikelnummer',
      'artikel nr',
      'artikelnr',
      'art nr',
      'artnr',
      'lagernummer',
      'produktnummer',
      'produktcode',
      'artikelcode',
      // ar
      'رمز المخزون',
      'كود المخزون',
      'رمز الصنف',
      'كود الصنف',
      'رقم الصنف',
      'رمز المنتج',
      'كود المنتج',
      // es
      'codigo de stock',
      'codigo de articulo',
      'codigo de producto',
      'codigo articulo',
      'referencia',
      // fr
      'code article',
      'code produit',
      'code stock',
      'reference',
      'reference article',
      // it
      'codice articolo',
      'codice prodotto',
      'codice magazzino',
      // nn
      'varenummer',
      'varenr',
      'varekode',
      'artikkelnummer',
      'lagerkode',
      'produktkode',
      // sv
      'artikelkod',
      'lagerkod',
      'produktkod',
    ],
    weak: ['code', 'item', 'article', 'kod', 'artikel', 'رمز', 'كود', 'codigo', 'ref', 'codice', 'kode'],
  },
  barcode: {
    strong: [
      // en
      'barcode',
      'bar code',
      'ean',
      'ean13',
      'ean 13',
      'ean code',
      'gtin',
      'upc',
      // tr
      'barkod',
      'barkod no',
      'barkod numarasi',
      // de
      'strichcode',
      'ean nummer',
      // ar
      'باركود',
      'الباركود',
      'الرمز الشريطي',
      // es
      'codigo de barras',
      // fr
      'code barre',
      'code barres',
      // it
      'codice a barre',
      // nn
      'strekkode',
      // sv
      'streckkod',
    ],
    weak: [],
  },
  quantity: {
    strong: [
      // en
      'quantity',
      'qty',
      'order quantity',
      // tr
      'miktar',
      'miktari',
      'adet',
      'siparis miktari',
      // de
      'menge',
      'anzahl',
      'stuckzahl',
      'bestellmenge',
      // ar
      'الكمية',
      'كمية',
      'العدد',
      // es
      'cantidad',
      'cant',
      // fr
      'quantite',
      'qte',
      // it
      'quantita',
      'qta',
      // nn
      'mengd',
      'antal',
      'antall',
      // sv
      'mangd',
      'kvantitet',
    ],
    weak: ['amount', 'count', 'pieces', 'pcs'],
  },
  unit: {
    strong: [
      // en
      'unit',
      'units',
      'uom',
      'unit of measure',
      // tr
      'birim',
      'olcu birimi',
      // de
      'einheit',
      'mengeneinheit',
      'me',
      // ar
      'الوحدة',
      'وحدة',
      'وحدة القياس',
      // es
      'unidad',
      'unidad de medida',
      // fr
      'unite',
      'unite de mesure',
      // it
      'unita',
      'unita di misura',
      // nn
      'eining',
      'enhet',
      // sv: "enhet" above
    ],
    weak: [],
  },
};

/** The header row written into the template and recognised first on upload. */
export const TEMPLATE_HEADER = ['Stock code', 'Quantity', 'Unit'] as const;

/**
 * Lower case without accents, diacritics, tatweel or punctuation, words joined by single spaces; Arabic alef
 * forms folded to bare alef and Turkish dotless i to i, so spelling variants customers type still match.
 */
export function normaliseHeaderText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ـ/g, '')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

type Strength = 'strong' | 'weak';

const LOOKUP: ReadonlyMap<string, { field: HeaderField; strength: Strength }> = buildLookup();

function buildLookup(): Map<string, { field: HeaderField; strength: Strength }> {
  const lookup = new Map<string, { field: HeaderField; strength: Strength }>();
  for (const field of Object.keys(HEADER_VOCABULARY) as HeaderField[]) {
    for (const strength of ['strong', 'weak'] as const) {
      for (const term of HEADER_VOCABULARY[field][strength]) {
        const key = normaliseHeaderText(term);
        if (!lookup.has(key)) lookup.set(key, { field, strength });
      }
    }
  }
  return lookup;
}

export function recogniseHeader(text: string): { field: HeaderField; strength: Strength } | undefined {
  return LOOKUP.get(normaliseHeaderText(text));
}
