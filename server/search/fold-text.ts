/**
 * Folds text to lowercase ASCII letters and digits so that "Käse" and "kase", "Çay" and "cay",
 * "Crème fraîche" and "creme fraiche" meet. Letters that Unicode does not decompose into a base
 * letter plus marks are mapped by hand.
 */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  ı: 'i',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßıøæœłđðþ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/** The words of a text, folded; everything that is not a letter or a digit separates words. */
export function foldedWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** A sort key that orders names the same way in every database engine. */
export function nameKey(name: string): string {
  return foldedWords(name).join(' ');
}

/** A code with its separators removed ("SKU-0012" and "sku0012" are the same code). */
export function compactCode(code: string): string {
  return foldedWords(code).join('');
}

const UMLAUT_SPELLINGS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/**
 * The words of a text with ä, ö and ü written as German writes them without umlauts ("Käse" →
 * "kaese"), the other letters folded as foldText does. German keyboards elsewhere, and buyers
 * used to them, type "kaese" for Käse; foldText alone makes it "kase".
 */
export function umlautSpelledWords(text: string): string[] {
  return foldedWords(
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[äöü]/g, (letter) => UMLAUT_SPELLINGS[letter] ?? letter),
  );
}

/**
 * What the search index holds for a product: the words of its name (also spelled without
 * umlauts), the parts of its stock code and the code as one compact word, and the barcode.
 */
export function searchTokens(product: { name: string; stockCode: string; barcode: string }): string[] {
  const tokens = new Set<string>([
    ...foldedWords(product.name),
    ...umlautSpelledWords(product.name),
    ...foldedWords(product.stockCode),
    compactCode(product.stockCode),
    ...foldedWords(product.barcode),
  ]);
  tokens.delete('');
  return [...tokens];
}
