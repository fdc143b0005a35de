/**
 * The demo supplier's range: a wholesaler for restaurants, cafés and kiosks. Products are made by
 * crossing a category's item templates with its brands and pack sizes, so a small seed and the
 * 50,000-product benchmark seed come from the same, realistic vocabulary.
 */
export interface ItemTemplate {
  name: string;
  /** price of the smallest pack size, in euro */
  basePrice: number;
  sizes: readonly string[];
}

export interface CategorySource {
  id: number;
  name: string;
  /** three letters that start the stock codes of the category */
  code: string;
  taxRatePercent: '7.00' | '19.00';
  /** Pfand per piece; only drinks carry one */
  depositPrice: string;
  unitChain: 'piece' | 'bottle';
  warehouse: 'main' | 'cold';
  brandIds: readonly number[];
  blurb: string;
  items: readonly ItemTemplate[];
}

export const brandNames: readonly string[] = [
  'Alpenhof',
  'Anadolu Lezzet',
  'Sonnenkorn Bäckerei',
  'Quellgold',
  'Rize Bahçesi',
  'Kaffeehaus Müller',
  'Metzgerei Brandt',
  'Grünland Frische',
  'Polar Frost',
  'Süßwerk',
  'Gewürzkontor Hansa',
  'ProClean',
  'PackPro',
  'Nordbräu',
  'Élan Gourmet',
  'Sofra',
];
// Brand ids are positions in brandNames, starting at 1.
const B = Object.fromEntries(brandNames.map((name, index) => [name, index + 1])) as Record<string, number>;
const brands = (...names: string[]) => names.map((name) => B[name] ?? 0);

export const categorySources: readonly CategorySource[] = [
  {
    id: 1,
    name: 'Dairy & Cheese',
    code: 'DAI',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'cold',
    brandIds: brands('Alpenhof', 'Anadolu Lezzet', 'Élan Gourmet'),
    blurb: 'Kept at 2–7 °C from dairy to kitchen.',
    items: [
      { name: 'Käse Gouda jung', basePrice: 2.19, sizes: ['200 g', '400 g', '1 kg'] },
      { name: 'Bergkäse würzig', basePrice: 3.49, sizes: ['150 g', '300 g', '1 kg'] },
      { name: 'Crème fraîche', basePrice: 1.09, sizes: ['150 g', '500 g', '1 kg'] },
      { name: 'Beyaz Peynir', basePrice: 2.79, sizes: ['400 g', '800 g', '2 kg'] },
      { name: 'Kaşar Peyniri', basePrice: 3.29, sizes: ['250 g', '500 g', '1 kg'] },
      { name: 'Joghurt natur 3,5 %', basePrice: 0.89, sizes: ['500 g', '1 kg', '5 kg'] },
      { name: 'Ayran', basePrice: 0.49, sizes: ['250 ml', '1 l'] },
      { name: 'Mozzarella di latte', basePrice: 0.99, sizes: ['125 g', '1 kg'] },
      { name: 'Süßrahmbutter', basePrice: 2.29, sizes: ['250 g', '1 kg'] },
      { name: 'Crème brûlée Dessert', basePrice: 1.49, sizes: ['2 × 100 g', '6 × 100 g'] },
    ],
  },
  {
    id: 2,
    name: 'Soft Drinks & Water',
    code: 'BEV',
    taxRatePercent: '19.00',
    depositPrice: '0.25',
    unitChain: 'bottle',
    warehouse: 'main',
    brandIds: brands('Quellgold', 'Anadolu Lezzet', 'Sofra'),
    blurb: 'Returnable PET bottles, 0.25 € deposit each.',
    items: [
      { name: 'Mineralwasser still', basePrice: 0.39, sizes: ['0,5 l', '1,0 l', '1,5 l'] },
      { name: 'Mineralwasser spritzig', basePrice: 0.39, sizes: ['0,5 l', '1,0 l', '1,5 l'] },
      { name: 'Apfelschorle', basePrice: 0.69, sizes: ['0,5 l', '1,0 l'] },
      { name: 'Zitronenlimonade', basePrice: 0.79, sizes: ['0,33 l', '0,5 l', '1,0 l'] },
      { name: 'Şalgam Suyu acılı', basePrice: 1.19, sizes: ['0,3 l', '1,0 l'] },
      { name: 'Orangensaft 100 %', basePrice: 1.29, sizes: ['0,25 l', '1,0 l'] },
      { name: 'Eistee Pfirsich', basePrice: 0.89, sizes: ['0,5 l', '1,5 l'] },
    ],
  },
  {
    id: 3,
    name: 'Tea & Coffee',
    code: 'TEA',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'main',
    brandIds: brands('Rize Bahçesi', 'Kaffeehaus Müller', 'Élan Gourmet'),
    blurb: 'Roasted and packed in small batches.',
    items: [
      { name: 'Çay Rize Filiz', basePrice: 3.99, sizes: ['500 g', '1 kg', '3 kg'] },
      { name: 'Earl Grey Tee', basePrice: 2.49, sizes: ['25 Beutel', '100 Beutel'] },
      { name: 'Espresso Bohnen kräftig', basePrice: 8.99, sizes: ['500 g', '1 kg'] },
      { name: 'Café Crème Bohnen', basePrice: 8.49, sizes: ['500 g', '1 kg'] },
      { name: 'Türk Kahvesi', basePrice: 2.99, sizes: ['100 g', '250 g', '1 kg'] },
      { name: 'Pfefferminztee', basePrice: 1.79, sizes: ['25 Beutel', '100 Beutel'] },
      { name: 'Grüner Tee Sencha', basePrice: 2.89, sizes: ['25 Beutel', '250 g'] },
    ],
  },
  {
    id: 4,
    name: 'Bakery',
    code: 'BAK',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'cold',
    brandIds: brands('Sonnenkorn Bäckerei', 'Anadolu Lezzet', 'Élan Gourmet'),
    blurb: 'Par-baked; 8 minutes at 200 °C.',
    items: [
      { name: 'Brötchen zum Aufbacken', basePrice: 0.19, sizes: ['60 g', '80 g'] },
      { name: 'Laugenbrezel', basePrice: 0.35, sizes: ['90 g', '120 g'] },
      { name: 'Simit', basePrice: 0.45, sizes: ['100 g', '120 g'] },
      { name: 'Pide Fladenbrot', basePrice: 0.99, sizes: ['400 g', '800 g'] },
      { name: 'Croissant au beurre', basePrice: 0.49, sizes: ['60 g', '90 g'] },
      { name: 'Baguette tradition', basePrice: 0.79, sizes: ['250 g', '400 g'] },
      { name: 'Vollkornbrot geschnitten', basePrice: 1.59, sizes: ['500 g', '1 kg'] },
    ],
  },
  {
    id: 5,
    name: 'Meat & Sausages',
    code: 'MEA',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'cold',
    brandIds: brands('Metzgerei Brandt', 'Anadolu Lezzet', 'Alpenhof'),
    blurb: 'Vacuum packed, cold chain from slaughter to delivery.',
    items: [
      { name: 'Sucuk Rind', basePrice: 4.99, sizes: ['250 g', '500 g', '1 kg'] },
      { name: 'Hähnchenbrustfilet', basePrice: 7.49, sizes: ['1 kg', '2,5 kg'] },
      { name: 'Rinderhackfleisch', basePrice: 8.99, sizes: ['1 kg', '2 kg'] },
      { name: 'Döner Kebap Spieß', basePrice: 49.0, sizes: ['10 kg', '20 kg'] },
      { name: 'Kochschinken', basePrice: 1.99, sizes: ['200 g', '1 kg'] },
      { name: 'Wiener Würstchen', basePrice: 2.49, sizes: ['6 Stück', '20 Stück'] },
      { name: 'Pastırma', basePrice: 5.49, sizes: ['100 g', '500 g'] },
    ],
  },
  {
    id: 6,
    name: 'Fruit & Vegetables',
    code: 'FRU',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'cold',
    brandIds: brands('Grünland Frische', 'Sofra'),
    blurb: 'Delivered the morning after harvest.',
    items: [
      { name: 'Äpfel Elstar', basePrice: 2.49, sizes: ['1 kg', '5 kg'] },
      { name: 'Bananen', basePrice: 1.79, sizes: ['1 kg', '18 kg'] },
      { name: 'Tomaten rund', basePrice: 2.29, sizes: ['1 kg', '6 kg'] },
      { name: 'Salatgurken', basePrice: 0.59, sizes: ['1 Stück', '12 Stück'] },
      { name: 'Paprika rot', basePrice: 3.49, sizes: ['1 kg', '5 kg'] },
      { name: 'Zwiebeln gelb', basePrice: 0.99, sizes: ['1 kg', '10 kg', '25 kg'] },
      { name: 'Kartoffeln festkochend', basePrice: 1.19, sizes: ['2,5 kg', '12,5 kg'] },
      { name: 'Zitronen', basePrice: 2.99, sizes: ['1 kg', '5 kg'] },
    ],
  },
  {
    id: 7,
    name: 'Pantry & Dry Goods',
    code: 'DRY',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'main',
    brandIds: brands('Sofra', 'Anadolu Lezzet', 'Élan Gourmet'),
    blurb: 'Dry storage, best before at least nine months.',
    items: [
      { name: 'Basmati Reis', basePrice: 2.49, sizes: ['1 kg', '5 kg', '10 kg'] },
      { name: 'Bulgur pilavlık', basePrice: 1.49, sizes: ['1 kg', '5 kg'] },
      { name: 'Spaghetti n° 5', basePrice: 0.99, sizes: ['500 g', '5 kg'] },
      { name: 'Rote Linsen', basePrice: 1.89, sizes: ['500 g', '1 kg', '5 kg'] },
      { name: 'Kichererbsen', basePrice: 1.69, sizes: ['400 g', '1 kg', '5 kg'] },
      { name: 'Weizenmehl Type 405', basePrice: 0.79, sizes: ['1 kg', '10 kg', '25 kg'] },
      { name: 'Olivenöl extra vergine', basePrice: 7.99, sizes: ['0,75 l', '5 l'] },
      { name: 'Sonnenblumenöl', basePrice: 2.19, sizes: ['1 l', '10 l'] },
    ],
  },
  {
    id: 8,
    name: 'Frozen Food',
    code: 'FRZ',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'cold',
    brandIds: brands('Polar Frost', 'Anadolu Lezzet'),
    blurb: 'Deep frozen at −18 °C.',
    items: [
      { name: 'Pommes frites 10 mm', basePrice: 3.49, sizes: ['2,5 kg', '10 kg'] },
      { name: 'Blattspinat', basePrice: 1.99, sizes: ['1 kg', '2,5 kg'] },
      { name: 'Pizza Margherita', basePrice: 2.49, sizes: ['1 Stück', '10 Stück'] },
      { name: 'Vanilleeis', basePrice: 4.99, sizes: ['2,5 l', '5 l'] },
      { name: 'Erbsen junge', basePrice: 1.79, sizes: ['1 kg', '2,5 kg'] },
      { name: 'Börek mit Käse', basePrice: 5.99, sizes: ['1 kg', '3 kg'] },
    ],
  },
  {
    id: 9,
    name: 'Sweets & Snacks',
    code: 'SWE',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'main',
    brandIds: brands('Süßwerk', 'Anadolu Lezzet', 'Élan Gourmet'),
    blurb: 'A small treat at the till.',
    items: [
      { name: 'Lokum Rosenwasser', basePrice: 3.49, sizes: ['250 g', '1 kg'] },
      { name: 'Baklava Pistazie', basePrice: 9.99, sizes: ['500 g', '1 kg', '3 kg'] },
      { name: 'Vollmilchschokolade', basePrice: 1.19, sizes: ['100 g', '1 kg'] },
      { name: 'Haselnuss-Crème', basePrice: 2.99, sizes: ['400 g', '3 kg'] },
      { name: 'Kartoffelchips gesalzen', basePrice: 1.29, sizes: ['150 g', '40 g'] },
      { name: 'Fruchtgummi Bärchen', basePrice: 0.99, sizes: ['200 g', '1 kg'] },
      { name: 'Pistazien geröstet', basePrice: 4.49, sizes: ['200 g', '1 kg'] },
    ],
  },
  {
    id: 10,
    name: 'Spices & Sauces',
    code: 'SPI',
    taxRatePercent: '7.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'main',
    brandIds: brands('Gewürzkontor Hansa', 'Anadolu Lezzet', 'Sofra'),
    blurb: 'Ground fresh, packed airtight.',
    items: [
      { name: 'Pul Biber', basePrice: 1.99, sizes: ['100 g', '500 g', '1 kg'] },
      { name: 'Paprika edelsüß', basePrice: 1.49, sizes: ['100 g', '1 kg'] },
      { name: 'Sumach', basePrice: 2.29, sizes: ['100 g', '500 g'] },
      { name: 'Tomatenmark dreifach', basePrice: 1.09, sizes: ['200 g', '800 g', '4,5 kg'] },
      { name: 'Ketchup', basePrice: 1.79, sizes: ['500 ml', '5 l'] },
      { name: 'Mayonnaise 80 %', basePrice: 2.19, sizes: ['500 ml', '5 l'] },
      { name: 'Senf mittelscharf', basePrice: 0.99, sizes: ['250 ml', '1 l'] },
    ],
  },
  {
    id: 11,
    name: 'Cleaning & Hygiene',
    code: 'CLE',
    taxRatePercent: '19.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'main',
    brandIds: brands('ProClean'),
    blurb: 'For professional kitchens.',
    items: [
      { name: 'Spülmittel Konzentrat', basePrice: 2.49, sizes: ['1 l', '5 l', '10 l'] },
      { name: 'Allzweckreiniger', basePrice: 1.99, sizes: ['1 l', '5 l'] },
      { name: 'Handseife sensitiv', basePrice: 1.79, sizes: ['500 ml', '5 l'] },
      { name: 'Müllbeutel 60 l', basePrice: 3.99, sizes: ['25 Stück', '100 Stück'] },
      { name: 'Küchenrolle 3-lagig', basePrice: 4.49, sizes: ['4 Rollen', '24 Rollen'] },
      { name: 'Einweghandschuhe Nitril', basePrice: 6.99, sizes: ['Größe M', 'Größe L'] },
    ],
  },
  {
    id: 12,
    name: 'Packaging & Disposables',
    code: 'PAC',
    taxRatePercent: '19.00',
    depositPrice: '0.00',
    unitChain: 'piece',
    warehouse: 'main',
    brandIds: brands('PackPro'),
    blurb: 'Food-safe, recyclable where possible.',
    items: [
      { name: 'Pizzakarton 32 cm', basePrice: 0.29, sizes: ['100 Stück', '400 Stück'] },
      { name: 'Alufolie 30 cm', basePrice: 3.49, sizes: ['30 m', '150 m'] },
      { name: 'Frischhaltefolie', basePrice: 2.99, sizes: ['30 m', '300 m'] },
      { name: 'Coffee-to-go Becher', basePrice: 4.99, sizes: ['0,2 l', '0,3 l', '0,4 l'] },
      { name: 'Servietten weiß', basePrice: 2.49, sizes: ['33 cm', '40 cm'] },
      { name: 'Papiertüten Döner', basePrice: 5.99, sizes: ['1000 Stück', '2000 Stück'] },
    ],
  },
  {
    id: 13,
    name: 'Beer & Wine',
    code: 'ALC',
    taxRatePercent: '19.00',
    depositPrice: '0.08',
    unitChain: 'bottle',
    warehouse: 'main',
    brandIds: brands('Nordbräu', 'Élan Gourmet'),
    blurb: 'Glass bottles, 0.08 € deposit each.',
    items: [
      { name: 'Pilsener', basePrice: 0.89, sizes: ['0,33 l', '0,5 l'] },
      { name: 'Weißbier hefetrüb', basePrice: 0.99, sizes: ['0,5 l'] },
      { name: 'Alkoholfreies Helles', basePrice: 0.85, sizes: ['0,33 l', '0,5 l'] },
      { name: 'Riesling trocken', basePrice: 5.49, sizes: ['0,75 l'] },
      { name: 'Côtes du Rhône rouge', basePrice: 6.99, sizes: ['0,75 l'] },
    ],
  },
];

/** Box sizes (pieces or bottles per box or crate). */
export const boxSizes: readonly number[] = [6, 10, 12, 20, 24];
