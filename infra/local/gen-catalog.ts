/**
 * `npm run gen-catalog -- --products N --out FILE [--seed S]`: writes a valid shop file (lib/schemas/
 * shop-file.ts, checked with shopFileProblems) with N product records — regular products and masters
 * with their variations — a three-level category tree, attribute definitions with predefined values,
 * several manufacturers and prices in two currencies. The same seed gives the same file.
 * `generateShopFile` is the generator itself, for tests and the benchmark (no file, no database).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BY_THE_PIECE, priceOnly } from '../../lib/domain/catalog/product-defaults';
import type {
  ShopAttributeDefinition,
  ShopCategory,
  ShopFile,
  ShopProduct,
  ShopProductType,
} from '../../lib/schemas/shop-file';
import { ShopFile as ShopFileSchema } from '../../lib/schemas/shop-file';
import { shopFileProblems } from '../../lib/schemas/shop-file-rules';

export interface GenerateOptions {
  /** Product records in all, variations included. */
  products: number;
  /** PRNG seed (default 1). */
  seed?: number;
}

type Text = { en_GB: string; de_DE: string };
const t = (en: string, de: string): Text => ({ en_GB: en, de_DE: de });

const COLORS: [string, Text][] = [
  ['red', t('Red', 'Rot')],
  ['blue', t('Blue', 'Blau')],
  ['green', t('Green', 'Grün')],
  ['black', t('Black', 'Schwarz')],
  ['white', t('White', 'Weiß')],
  ['grey', t('Grey', 'Grau')],
  ['orange', t('Orange', 'Orange')],
  ['yellow', t('Yellow', 'Gelb')],
  ['brown', t('Brown', 'Braun')],
  ['purple', t('Purple', 'Lila')],
  ['navy', t('Navy', 'Marine')],
  ['olive', t('Olive', 'Oliv')],
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const MATERIALS: [string, Text][] = [
  ['merino', t('Merino wool', 'Merinowolle')],
  ['cotton', t('Cotton', 'Baumwolle')],
  ['linen', t('Linen', 'Leinen')],
  ['polyester', t('Polyester', 'Polyester')],
  ['polyamide', t('Polyamide', 'Polyamid')],
  ['down', t('Down', 'Daune')],
  ['leather', t('Leather', 'Leder')],
  ['aluminium', t('Aluminium', 'Aluminium')],
  ['titanium', t('Titanium', 'Titan')],
  ['steel', t('Stainless steel', 'Edelstahl')],
  ['wood', t('Wood', 'Holz')],
  ['ceramic', t('Ceramic', 'Keramik')],
];
const FITS: [string, Text][] = [
  ['slim', t('Slim', 'Schmal')],
  ['regular', t('Regular', 'Normal')],
  ['relaxed', t('Relaxed', 'Weit')],
];
const ADJECTIVES: Text[] = [
  t('Rugged', 'Robuste'),
  t('Light', 'Leichte'),
  t('Classic', 'Klassische'),
  t('Alpine', 'Alpine'),
  t('Urban', 'Urbane'),
  t('Compact', 'Kompakte'),
  t('Warm', 'Warme'),
  t('Breathable', 'Atmungsaktive'),
  t('Waterproof', 'Wasserdichte'),
  t('Trail', 'Trail'),
  t('Summit', 'Gipfel'),
  t('Forest', 'Wald'),
  t('Coastal', 'Küsten'),
  t('Nordic', 'Nordische'),
  t('Everyday', 'Alltags'),
];
const NOUNS: Text[] = [
  t('Jacket', 'Jacke'),
  t('Shirt', 'Hemd'),
  t('Hoodie', 'Kapuzenpulli'),
  t('Trousers', 'Hose'),
  t('Beanie', 'Mütze'),
  t('Gloves', 'Handschuhe'),
  t('Backpack', 'Rucksack'),
  t('Tent', 'Zelt'),
  t('Sleeping Bag', 'Schlafsack'),
  t('Stove', 'Kocher'),
  t('Mug', 'Becher'),
  t('Pot', 'Topf'),
  t('Knife', 'Messer'),
  t('Lantern', 'Laterne'),
  t('Bottle', 'Flasche'),
  t('Socks', 'Socken'),
  t('Vest', 'Weste'),
  t('Boots', 'Stiefel'),
  t('Cap', 'Kappe'),
  t('Blanket', 'Decke'),
];
const MANUFACTURERS = [
  'Bergfink',
  'Nordwand',
  'Alpinox',
  'Lumatec',
  'Flammwerk',
  'Hammerhof',
  'Waldpfad',
  'Fjellgear',
  'Kestrel & Co',
  'Trailsmith',
  'Moosgrund',
  'Isarwerk',
  'Gletscher',
  'Harzhütte',
  'Seeblick',
  'Rabenstein',
  'Oakridge',
  'Polarlicht',
  'Steinbock',
  'Feldweg',
  'Wolkenfrei',
  'Tannenzweig',
  'Kieselbach',
  'Sturmfest',
  'Lindgrün',
];
const TOP_CATEGORIES: Text[] = [
  t('Clothing', 'Bekleidung'),
  t('Footwear', 'Schuhe'),
  t('Camping', 'Camping'),
  t('Climbing', 'Klettern'),
  t('Kitchen', 'Küche'),
  t('Travel', 'Reisen'),
  t('Winter', 'Winter'),
  t('Water Sports', 'Wassersport'),
];
const SUB_CATEGORIES: Text[] = [
  t('Essentials', 'Grundausstattung'),
  t('Premium', 'Premium'),
  t('Kids', 'Kinder'),
  t('Accessories', 'Zubehör'),
  t('Sale', 'Angebote'),
];
const LEAF_CATEGORIES: Text[] = [
  t('Starter', 'Einsteiger'),
  t('Advanced', 'Fortgeschritten'),
  t('Expert', 'Profi'),
];

/** mulberry32: a small, fast, seedable PRNG; the same seed gives the same sequence everywhere. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length > 0)
      out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
    return out;
  };
  return { next, int, pick, chance, sample };
}

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A deterministic, valid shop file with `products` product records (see the file comment). */
export function generateShopFile({ products: count, seed = 1 }: GenerateOptions): ShopFile {
  const rnd = prng(seed);
  const attributeDefinitions: ShopAttributeDefinition[] = [
    predefined('Color', t('Colour', 'Farbe'), true, COLORS),
    predefined(
      'Size',
      t('Size', 'Größe'),
      true,
      SIZES.map((s) => [s, t(s, s)]),
    ),
    predefined('Material', t('Material', 'Material'), false, MATERIALS),
    predefined('Fit', t('Fit', 'Passform'), true, FITS),
    { key: 'Engraving', displayKey: t('Engraving', 'Gravur'), type: 'String', singleValue: true, values: [] },
  ];
  const productTypes: ShopProductType[] = [
    {
      productTypeId: 'apparel',
      alias: 'apparel',
      name: t('Apparel', 'Bekleidung'),
      attributeKeys: ['Color', 'Size', 'Material', 'Fit'],
    },
    {
      productTypeId: 'gear',
      alias: 'gear',
      name: t('Gear', 'Ausrüstung'),
      attributeKeys: ['Color', 'Material', 'Engraving'],
    },
  ];
  const { categories, leaves } = categoryTree();

  const products: ShopProduct[] = [];
  let serial = 0;
  const nextId = () => {
    serial++;
    return {
      productId: `p${String(serial).padStart(6, '0')}`,
      productNumber: `BN-${String(serial).padStart(6, '0')}`,
    };
  };
  while (products.length < count) {
    const remaining = count - products.length;
    const adjective = rnd.pick(ADJECTIVES);
    const noun = rnd.pick(NOUNS);
    const [materialId, material] = rnd.pick(MATERIALS);
    const name = t(
      `${adjective.en_GB} ${material.en_GB} ${noun.en_GB}`,
      `${adjective.de_DE} ${noun.de_DE} aus ${material.de_DE}`,
    );
    const apparel = NOUNS.indexOf(noun) < 6 || NOUNS.indexOf(noun) >= 15;
    const categoryIds = rnd.sample(leaves, rnd.int(1, 2));
    if (rnd.chance(0.1))
      categoryIds.push(
        rnd.pick(categories.filter((c) => c.parentId !== null && c.parentId !== 'root')).categoryId,
      );
    const cents = Math.round(Math.exp(rnd.next() * Math.log(1500)) * 100) + rnd.int(0, 99);
    const base = {
      ...nextId(),
      name,
      manufacturer: rnd.pick(MANUFACTURERS),
      categoryIds: [...new Set(categoryIds)],
      productTypeId: apparel ? 'apparel' : 'gear',
      cents,
      keywords: [noun.en_GB.toLowerCase(), noun.de_DE.toLowerCase(), materialId],
      description: t(
        `${adjective.en_GB} ${noun.en_GB.toLowerCase()} made of ${material.en_GB.toLowerCase()}, built to last.`,
        `${adjective.de_DE} ${noun.de_DE} aus ${material.de_DE}, gemacht für viele Jahre.`,
      ),
    };
    const materials = [...new Set([materialId, ...(rnd.chance(0.4) ? [rnd.pick(MATERIALS)[0]] : [])])];
    if (remaining >= 3 && rnd.chance(0.12)) {
      // A master and its variations (colour × size); at most remaining − 1 variations.
      const colors = rnd.sample(COLORS, rnd.int(1, 3));
      const sizes = rnd.sample(SIZES, rnd.int(1, 3));
      const combos = colors
        .flatMap((c) => sizes.map((s) => [c, s] as const))
        .slice(0, Math.min(6, remaining - 1));
      const master = product(rnd, base, {
        attributes: { Material: materials },
        variationAttributeKeys: ['Color', 'Size'],
        visible: rnd.chance(0.97),
      });
      products.push(master);
      for (const [[colorId, color], size] of combos) {
        products.push(
          product(
            rnd,
            {
              ...base,
              ...nextId(),
              name: t(`${name.en_GB} ${color.en_GB} ${size}`, `${name.de_DE} ${color.de_DE} ${size}`),
              cents: base.cents + (rnd.chance(0.3) ? rnd.int(1, 20) * 100 : 0),
            },
            {
              attributes: { Color: colorId, Size: size, Material: materials },
              masterId: master.productId,
              visible: rnd.chance(0.93),
            },
          ),
        );
      }
    } else {
      const attributes: ShopProduct['attributes'] = {};
      if (rnd.chance(0.75)) attributes.Color = rnd.pick(COLORS)[0];
      attributes.Material = materials;
      if (apparel && rnd.chance(0.5)) attributes.Fit = rnd.pick(FITS)[0];
      if (apparel && rnd.chance(0.4)) attributes.Size = rnd.pick(SIZES);
      if (!apparel && rnd.chance(0.05)) attributes.Engraving = 'Gipfelglück';
      const crossSellingProductIds =
        products.length > 10 && rnd.chance(0.2)
          ? [
              ...new Set(
                Array.from(
                  { length: rnd.int(1, 3) },
                  () => (products[rnd.int(0, products.length - 1)] as ShopProduct).productId,
                ),
              ),
            ]
          : [];
      products.push(product(rnd, base, { attributes, visible: rnd.chance(0.97), crossSellingProductIds }));
    }
  }

  return {
    settings: {
      name: 'Bench Outfitters',
      defaultLocale: 'en_GB',
      locales: ['en_GB', 'de_DE'],
      defaultCurrency: 'EUR',
      currencies: ['EUR', 'GBP'],
      storefrontUrl: 'https://bench-shop.example.com',
      logoUrl: null,
      taxModel: {
        model: 'GROSS',
        displayTaxes: true,
        noTaxesMessage: null,
        deliveryThresholdIsActive: false,
        countryCode2: 'DE',
      },
      defaultTaxClassId: 'standard',
      minimumCartAmount: null,
      address: { company: 'Bench Outfitters GmbH', city: 'Freiburg im Breisgau', country: 'DE' },
    },
    taxClasses: [
      { taxClassId: 'standard', name: t('Standard rate', 'Regelsteuersatz'), percentage: '19' },
      { taxClassId: 'reduced', name: t('Reduced rate', 'Ermäßigter Steuersatz'), percentage: '7' },
    ],
    shippingMethods: [
      {
        shippingMethodId: 'standard',
        name: t('Standard shipping', 'Standardversand'),
        description: null,
        logo: null,
        price: { EUR: '4.90', GBP: '4.20' },
        minimumSubtotal: null,
      },
    ],
    coupons: [],
    basketDiscounts: [],
    attributeDefinitions,
    productTypes,
    categories,
    products,
    customers: [],
    legal: {
      contactInformation: Object.fromEntries(
        (['en_GB', 'de_DE'] as const).map((locale) => [
          locale,
          {
            name: 'Bench Outfitters',
            title: locale === 'en_GB' ? 'Legal notice' : 'Impressum',
            navigationCaption: locale === 'en_GB' ? 'Legal notice' : 'Impressum',
            shortDescription: '<p>Bench Outfitters GmbH</p>',
            description: '<p>Bench Outfitters GmbH, Freiburg im Breisgau</p>',
            company: 'Bench Outfitters GmbH',
            contactPerson: 'Kim Example',
            contactPersonJobTitle: 'Managing director',
            address: '<p>Hauptstraße 1<br>79098 Freiburg im Breisgau</p>',
            phone: '+49 761 000000',
            email: 'service@bench-shop.example.com',
          },
        ]),
      ),
    },
  };
}

function predefined(
  key: string,
  displayKey: Text,
  singleValue: boolean,
  values: [string, Text][],
): ShopAttributeDefinition {
  return {
    key,
    displayKey,
    type: 'PreDefString',
    singleValue,
    values: values.map(([value, displayValue]) => ({ value, displayValue })),
  };
}

/** root → 8 departments → 5 ranges each → 3 levels each: 169 categories, products sit in the leaves. */
function categoryTree(): { categories: ShopCategory[]; leaves: string[] } {
  const categories: ShopCategory[] = [
    category('root', null, 'root', t('Bench Outfitters', 'Bench Outfitters')),
  ];
  const leaves: string[] = [];
  TOP_CATEGORIES.forEach((top, i) => {
    const topId = `c${i + 1}`;
    categories.push(category(topId, 'root', slug(top.en_GB), top));
    SUB_CATEGORIES.forEach((sub, j) => {
      const subId = `${topId}-${j + 1}`;
      categories.push(
        category(subId, topId, slug(sub.en_GB), t(`${top.en_GB} ${sub.en_GB}`, `${top.de_DE} ${sub.de_DE}`)),
      );
      LEAF_CATEGORIES.forEach((leaf, k) => {
        const leafId = `${subId}-${k + 1}`;
        categories.push(
          category(
            leafId,
            subId,
            slug(leaf.en_GB),
            t(`${top.en_GB} ${sub.en_GB} ${leaf.en_GB}`, `${top.de_DE} ${sub.de_DE} ${leaf.de_DE}`),
          ),
        );
        leaves.push(leafId);
      });
    });
  });
  return { categories, leaves };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function category(categoryId: string, parentId: string | null, alias: string, name: Text): ShopCategory {
  return {
    categoryId,
    parentId,
    alias,
    name,
    pageTitle: name,
    navigationCaption: name,
    description: null,
    visible: true,
    visibleInNavigation: parentId !== null,
    specialOffer: false,
    facetedSearchShowFacetsOnCategory: true,
    facetedSearchCategoryStartDepth: 0,
    images: [],
  };
}

interface ProductBase {
  productId: string;
  productNumber: string;
  name: Text;
  manufacturer: string;
  categoryIds: string[];
  productTypeId: string;
  cents: number;
  keywords: string[];
  description: Text;
}

/**
 * Stock for a third of the products, a tenth of those sold out and a tenth low (the `availability`
 * filter's bench): decided by the product id, not drawn, so the seed gives every other value as before.
 */
function stockOf(productId: string): Pick<ShopProduct, 'stocklevel' | 'minStocklevel'> {
  let hash = 2166136261;
  for (let i = 0; i < productId.length; i++) hash = Math.imul(hash ^ productId.charCodeAt(i), 16777619);
  const draw = (hash >>> 0) % 30;
  if (draw >= 10) return { stocklevel: null, minStocklevel: null };
  return { stocklevel: draw === 0 ? 0 : draw === 1 ? 3 : 40 + draw, minStocklevel: 5 };
}

function product(
  rnd: ReturnType<typeof prng>,
  base: ProductBase,
  extra: Partial<ShopProduct> & Pick<ShopProduct, 'attributes' | 'visible'>,
): ShopProduct {
  const gbp = Math.round((base.cents * 85) / 100);
  return {
    productId: base.productId,
    productNumber: base.productNumber,
    name: base.name,
    shortDescription: base.description,
    description: base.description,
    manufacturer: base.manufacturer,
    manufacturerProductNumber: `${base.manufacturer.slice(0, 3).toUpperCase()}-${base.productNumber.slice(3)}`,
    productCode: null,
    upc: null,
    ean: null,
    forSale: rnd.chance(0.98),
    specialOffer: rnd.chance(0.05),
    isNew: rnd.chance(0.1),
    isProductNumberVisible: true,
    isManufacturerPriceRRP: false,
    isShippingLinkVisible: true,
    customizableTextLength: 0,
    customizableHeadlineText: null,
    newnessDate: new Date(Date.UTC(2025, 0, 1) + rnd.int(0, 500) * 86_400_000).toISOString(),
    productTypeId: base.productTypeId,
    categoryIds: base.categoryIds,
    taxClassId: rnd.chance(0.1) ? 'reduced' : 'standard',
    prices: { EUR: priceOnly(decimal(base.cents)), GBP: priceOnly(decimal(gbp)) },
    bulkPrices: [],
    customerSpecificPrices: [],
    ...BY_THE_PIECE,
    ...stockOf(base.productId),
    stockShards: null,
    availability: rnd.pick(['OnStock', 'OnStock', 'OnStock', 'WarnStock', 'OutStock'] as const),
    availabilityText: null,
    deliveryPeriod: t('2–3 working days', '2–3 Werktage'),
    essentialFeatures: null,
    searchKeywords: base.keywords,
    deliveryWeight: { amount: rnd.int(1, 50) / 10, unit: 'kg' },
    dimensions: null,
    images: [
      {
        url: `https://bench-shop.example.com/images/${base.productId}.jpg`,
        classifier: 'Medium',
        isZoomEnabled: false,
        width: 600,
        height: 600,
        fileSize: 0,
      },
    ],
    videos: [],
    energyLabelsString: null,
    energyLabelsMaxEfficiencyString: null,
    energyLabelSourceFile: null,
    productDataSheet: null,
    variationAttributeKeys: [],
    masterId: null,
    crossSellingTitle: null,
    crossSellingProductIds: [],
    gpsr: null,
    ...extra,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
    strict: true,
  });
  const products = Number(values.products);
  const seed = Number(values.seed);
  if (!Number.isInteger(products) || products < 1 || !values.out || !Number.isInteger(seed)) {
    process.stderr.write('usage: npm run gen-catalog -- --products N --out FILE [--seed S]\n');
    process.exit(2);
  }
  const started = performance.now();
  const file = generateShopFile({ products, seed });
  // Check exactly what the import will read: the JSON text, through the schema and the file rules.
  const text = JSON.stringify(file);
  const parsed = ShopFileSchema.safeParse(JSON.parse(text));
  const problems = parsed.success ? shopFileProblems(parsed.data) : parsed.error.issues;
  if (problems.length > 0) {
    process.stderr.write(`generated file is invalid:\n${JSON.stringify(problems.slice(0, 10), null, 2)}\n`);
    process.exit(1);
  }
  const out = resolve(values.out);
  await writeFile(out, text);
  const masters = file.products.filter((p) => p.variationAttributeKeys.length > 0).length;
  const variations = file.products.filter((p) => p.masterId !== null).length;
  process.stdout.write(
    `wrote ${out}: ${file.products.length} products (${masters} masters, ${variations} variations), ${file.categories.length} categories, ${(text.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
