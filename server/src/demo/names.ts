/**
 * Supplier names for the demo: believable (fictional) company names per country, supplier
 * families, the messy variants an ERP export carries, and the normalisation that maps every
 * variant back to one key.
 */
import { normaliseSupplierName } from '../lib/normalise.js';
import type { Rng } from './random.js';

export type DemoCurrency = 'EUR' | 'GBP' | 'USD';

export interface CountryDef {
  code: string;
  currency: DemoCurrency;
  /** Legal-form suffixes, most common first. */
  suffixes: readonly string[];
  /** Name stems that sound local; shared English stems are used everywhere as well. */
  stems: readonly string[];
}

const ENGLISH_STEMS = [
  'Northwind', 'Acme', 'Contoso', 'Fabrikam', 'Tailspin', 'Woodgrove', 'Litware', 'Proseware', 'Wingtip', 'Lucerne',
  'Adatum', 'Ashford', 'Beacon', 'Birchwood', 'Bramley', 'Brightwater', 'Calder', 'Carrick', 'Castlegate', 'Cedar',
  'Clearwater', 'Cobalt', 'Copperfield', 'Crestline', 'Dalton', 'Derwent', 'Eastgate', 'Elmstead', 'Evergreen',
  'Fairfield', 'Falcon', 'Fenwick', 'Foxley', 'Granite', 'Greystone', 'Hadley', 'Harbour', 'Hawthorn', 'Heron',
  'Highland', 'Holloway', 'Ironbridge', 'Juniper', 'Kestrel', 'Keystone', 'Kingfisher', 'Lakeside', 'Larkspur',
  'Linden', 'Lowther', 'Maple', 'Marlow', 'Meridian', 'Millbrook', 'Moorland', 'Newbury', 'Northgate', 'Oakridge',
  'Orchard', 'Osprey', 'Parkside', 'Pembroke', 'Pinnacle', 'Quayside', 'Redwood', 'Ridgeway', 'Riverside', 'Rowan',
  'Saxon', 'Silverline', 'Sterling', 'Stonebridge', 'Summit', 'Sutton', 'Thornbury', 'Trident', 'Upland', 'Vanguard',
  'Waverley', 'Westbrook', 'Whitfield', 'Willow', 'Windsor', 'Yarrow', 'Albion', 'Bellwether', 'Blackthorn', 'Caledon',
];

export const COUNTRIES: readonly CountryDef[] = [
  { code: 'GB', currency: 'GBP', suffixes: ['Ltd', 'Limited', 'plc', 'LLP'], stems: ['Hartley', 'Pennington', 'Ashworth', 'Bradshaw', 'Cartwright', 'Fairbairn', 'Gresham', 'Kendal', 'Thackeray', 'Wetherby'] },
  { code: 'IE', currency: 'EUR', suffixes: ['Ltd', 'Limited', 'DAC'], stems: ['Shannon', 'Liffey', 'Kilkenny', 'Connolly', 'Doherty', 'Gallagher', 'Moran', 'Brennan'] },
  { code: 'DE', currency: 'EUR', suffixes: ['GmbH', 'AG', 'GmbH & Co. KG', 'SE'], stems: ['Becker', 'Brandt', 'Fischer', 'Hartmann', 'Krüger', 'Lindner', 'Vogel', 'Wagner', 'Weber', 'Zimmermann', 'Schäfer', 'Rheinland', 'Nordstern', 'Elbtal'] },
  { code: 'AT', currency: 'EUR', suffixes: ['GmbH', 'AG'], stems: ['Donau', 'Alpen', 'Steiner', 'Huber', 'Gruber'] },
  { code: 'FR', currency: 'EUR', suffixes: ['SA', 'SAS', 'SARL'], stems: ['Arnaud', 'Bertrand', 'Delacroix', 'Dubois', 'Fontaine', 'Laurent', 'Marchand', 'Moreau', 'Rousseau', 'Lumière', 'Rivage', 'Beaumont'] },
  { code: 'BE', currency: 'EUR', suffixes: ['NV', 'SA', 'BV'], stems: ['Verhoeven', 'Peeters', 'Brabant', 'Meuse', 'Vandenberg'] },
  { code: 'NL', currency: 'EUR', suffixes: ['BV', 'NV'], stems: ['Bakker', 'De Vries', 'Janssen', 'Van Dijk', 'Visser', 'Smit', 'Zeeland', 'Oranje', 'Molenaar', 'Dekker'] },
  { code: 'ES', currency: 'EUR', suffixes: ['SL', 'SA'], stems: ['Castell', 'Moreno', 'Navarro', 'Iberia', 'Serrano', 'Alameda', 'Mirador'] },
  { code: 'IT', currency: 'EUR', suffixes: ['SpA', 'Srl'], stems: ['Rossi', 'Romano', 'Bianchi', 'Conti', 'Marino', 'Galli', 'Lombarda', 'Adriatica'] },
  { code: 'SE', currency: 'EUR', suffixes: ['AB'], stems: ['Lindqvist', 'Nordvik', 'Sjöberg', 'Fjäll'] },
  { code: 'US', currency: 'USD', suffixes: ['Inc', 'LLC', 'Corp'], stems: ['Atlas', 'Bayside', 'Cascade', 'Liberty', 'Frontier', 'Sierra', 'Great Lakes', 'Redstone', 'Lone Pine', 'Hudson', 'Mesa', 'Prairie'] },
];

/** Relative weight of each euro-zone country among euro suppliers. */
export const EURO_COUNTRY_WEIGHTS: Record<string, number> = { DE: 30, FR: 20, NL: 15, IE: 8, ES: 8, IT: 8, BE: 6, AT: 3, SE: 2 };

export const COUNTRY_BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

/** How a family's parent company is named, per country. */
const PARENT_FORMS: Record<string, readonly string[]> = {
  GB: ['Group plc', 'Holdings plc', 'Group Ltd'],
  IE: ['Group plc', 'Holdings Ltd'],
  DE: ['Holding AG', 'Gruppe AG', 'SE'],
  AT: ['Holding AG'],
  FR: ['Groupe SA', 'Holding SAS'],
  BE: ['Group NV'],
  NL: ['Groep NV', 'Holding BV'],
  ES: ['Grupo SA'],
  IT: ['Gruppo SpA', 'Holding SpA'],
  SE: ['Group AB'],
  US: ['Group Inc', 'Holdings Inc', 'Corporation'],
};

export function stemsFor(country: CountryDef): readonly string[] {
  return [...country.stems, ...ENGLISH_STEMS];
}

/** One plausible company name; the caller retries on a clash. */
export function companyName(rng: Rng, country: CountryDef, industryWords: readonly string[]): string {
  const stems = stemsFor(country);
  const suffix = rng.weighted(country.suffixes, country.suffixes.map((_, i) => 1 / (i + 1)));
  const style = rng.next();
  if (style < 0.6) return `${rng.pick(stems)} ${rng.pick(industryWords)} ${suffix}`;
  if (style < 0.75) {
    const [a, b] = rng.sample(stems, 2);
    return `${a} & ${b} ${suffix}`;
  }
  if (style < 0.88) {
    const initials = Array.from({ length: rng.between(2, 3) }, () => String.fromCharCode(65 + rng.int(26))).join('');
    return `${initials} ${rng.pick(industryWords)} ${suffix}`;
  }
  return `${rng.pick(stems)} ${suffix}`;
}

export function parentCompanyName(rng: Rng, stem: string, country: CountryDef): string {
  const form = rng.pick(PARENT_FORMS[country.code]);
  return form.startsWith('Groupe') || form.startsWith('Grupo') || form.startsWith('Gruppo')
    ? `${form.split(' ')[0]} ${stem} ${form.split(' ').slice(1).join(' ')}`
    : `${stem} ${form}`;
}

/** A family member: the family stem plus what the subsidiary does, in its own country's legal form. */
export function subsidiaryName(rng: Rng, stem: string, country: CountryDef, industryWords: readonly string[]): string {
  return `${stem} ${rng.pick(industryWords)} ${rng.pick(country.suffixes)}`;
}

// How ERP exports garble legal forms.
const SUFFIX_SPELLINGS: Record<string, readonly string[]> = {
  Ltd: ['Limited', 'Ltd.', 'LTD'],
  Limited: ['Ltd', 'Ltd.'],
  plc: ['PLC', 'Plc', 'p.l.c.'],
  LLP: ['L.L.P.'],
  DAC: ['D.A.C.'],
  GmbH: ['Gmbh', 'GMBH'],
  AG: ['A.G.'],
  'GmbH & Co. KG': ['GmbH & Co KG', 'GmbH und Co. KG'],
  SE: ['S.E.'],
  SA: ['S.A.'],
  SAS: ['S.A.S.'],
  SARL: ['S.A.R.L.', 'Sarl'],
  NV: ['N.V.'],
  BV: ['B.V.', 'Bv'],
  SL: ['S.L.'],
  SpA: ['S.p.A.', 'SPA'],
  Srl: ['S.r.l.', 'SRL'],
  AB: ['Aktiebolag'],
  Inc: ['Inc.', 'Incorporated', 'INC'],
  LLC: ['L.L.C.', 'Llc'],
  Corp: ['Corp.', 'Corporation'],
};

/**
 * 1–4 distinct raw spellings of a supplier's name as invoices carry them, canonical first.
 * Every variant normalises to the same key as the canonical name.
 */
export function nameVariants(rng: Rng, name: string, suffix: string | null): string[] {
  const base = suffix && name.endsWith(` ${suffix}`) ? name.slice(0, -suffix.length - 1) : name;
  const candidates = [
    name.toUpperCase(),
    name.replace(' ', '  '), // a double space typed into the vendor master
    name.toLowerCase(),
    base, // legal form left off
    name.replaceAll(' & ', ' and '),
    ...(suffix ? (SUFFIX_SPELLINGS[suffix] ?? []).map((s) => `${base} ${s}`) : []),
  ].filter((v) => v !== name && v.length <= 200 && normaliseSupplierName(v) === normaliseSupplierName(name));
  const unique = [...new Set(candidates)];
  const extra = rng.sample(unique, rng.weighted([0, 1, 2, 3], [3, 4, 2, 1]));
  return [name, ...extra];
}

/** The legal-form suffix a generated name ends with, if any (longest match wins: "GmbH & Co. KG" over "KG"). */
export function legalSuffixOf(name: string, country: CountryDef): string | null {
  const all = [...country.suffixes, ...PARENT_FORMS[country.code].map((f) => f.split(' ').slice(-1)[0])];
  const found = all.filter((s) => name.endsWith(` ${s}`)).sort((a, b) => b.length - a.length);
  return found[0] ?? null;
}
