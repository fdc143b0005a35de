import { escapeXml, hueFor, initials, svgDocument, textLines, wrapWords } from './svg-parts';

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';
const BRAND_HUE = 158;

export interface ProductImageInput {
  name: string;
  brand: string;
  category: string;
  isDrink: boolean;
}

/** A name's initials in bold, centred on x: the brand mark of a packshot or a logo. */
const monogram = (name: string, at: { x: number; y: number; fontSize: number; fill: string }) =>
  `<text x="${at.x}" y="${at.y}" text-anchor="middle" font-size="${at.fontSize}" font-weight="700" fill="${at.fill}" ${FONT}>${escapeXml(initials(name))}</text>`;

/** The name written under a packshot or a logo: centred on x, wrapped to the picture's width. */
const caption = (
  name: string,
  at: { x: number; y: number; fontSize: number; lineHeight: number; maxChars: number; maxLines: number },
) =>
  textLines(
    wrapWords(name, at.maxChars, at.maxLines),
    at.x,
    at.y,
    at.lineHeight,
    `text-anchor="middle" font-size="${at.fontSize}" fill="#1f2937" ${FONT}`,
  );

/** A packshot stand-in: a bottle or a box in the category's colour, with the product's name. */
export function productImage({ name, brand, category, isDrink }: ProductImageInput): string {
  const hue = hueFor(category);
  const pack = isDrink
    ? `<path d="M185 60h30v40c0 12 25 22 25 48v150c0 12-8 20-20 20h-40c-12 0-20-8-20-20V148c0-26 25-36 25-48z" fill="hsl(${hue} 55% 45%)"/><rect x="160" y="190" width="80" height="60" rx="6" fill="#fff" opacity=".85"/>`
    : `<rect x="120" y="70" width="160" height="210" rx="14" fill="hsl(${hue} 55% 45%)"/><rect x="140" y="150" width="120" height="70" rx="8" fill="#fff" opacity=".85"/>`;
  const body = [
    `<rect width="400" height="400" fill="hsl(${hue} 45% 94%)"/>`,
    pack,
    monogram(brand, { x: 200, y: isDrink ? 230 : 195, fontSize: 28, fill: `hsl(${hue} 50% 25%)` }),
    caption(name, { x: 200, y: 330, fontSize: 20, lineHeight: 26, maxChars: 26, maxLines: 2 }),
  ].join('');
  return svgDocument(400, 400, name, body);
}

export function brandLogo(name: string): string {
  const hue = hueFor(name);
  const body = [
    `<rect width="200" height="200" rx="24" fill="hsl(${hue} 50% 92%)"/>`,
    `<circle cx="100" cy="84" r="48" fill="hsl(${hue} 55% 42%)"/>`,
    monogram(name, { x: 100, y: 100, fontSize: 40, fill: '#fff' }),
    caption(name, { x: 100, y: 168, fontSize: 18, lineHeight: 20, maxChars: 18, maxLines: 1 }),
  ].join('');
  return svgDocument(200, 200, name, body);
}

export function campaignBanner(name: string, description: string): string {
  const hue = hueFor(name);
  const body = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 28%)"/></linearGradient></defs>`,
    '<rect width="1200" height="400" fill="url(#g)"/>',
    `<circle cx="1040" cy="120" r="180" fill="#fff" opacity=".08"/><circle cx="1120" cy="330" r="120" fill="#fff" opacity=".08"/>`,
    // Only the description: the portal writes the campaign's name over each slide (spec point 2), and a
    // name drawn into the picture as well would show twice.
    textLines(wrapWords(description, 60, 2), 72, 120, 40, `font-size="32" fill="#fff" opacity=".92" ${FONT}`),
  ].join('');
  return svgDocument(1200, 400, name, body);
}

const logoMark = (x: number, y: number, size: number) =>
  `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 5}" fill="hsl(${BRAND_HUE} 60% 32%)"/>` +
  `<path d="M${x + size * 0.28} ${y + size * 0.25}v${size * 0.5}h${size * 0.44}" stroke="#fff" stroke-width="${size * 0.11}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

export function siteLogoWide(siteName: string): string {
  const body = [
    logoMark(8, 12, 72),
    `<text x="96" y="60" font-size="30" font-weight="700" fill="hsl(${BRAND_HUE} 60% 24%)" ${FONT}>${escapeXml(siteName)}</text>`,
  ].join('');
  // Bold sans glyphs average about 0.66 em: size the canvas to the name so no font clips it.
  const width = 96 + Math.ceil(siteName.length * 30 * 0.66) + 16;
  return svgDocument(width, 96, siteName, body);
}

export function siteLogoSquare(siteName: string): string {
  return svgDocument(96, 96, siteName, logoMark(0, 0, 96));
}
