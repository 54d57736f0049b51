import { describe, expect, it } from 'vitest';
import { normaliseSupplierName, supplierSearchKey, supplierSearchTerms } from './normalise.js';

describe('normaliseSupplierName (names from the council files)', () => {
  it.each([
    ['CgMs Ltd. ', 'cgms'],
    ['Mobile Fresh Ltd. ', 'mobile fresh'],
    ['NEWSQUEST MIDLANDS, WALES & SOUTH WEST', 'newsquest midlands wales and south west'],
    ['Oxford & Cherwell Valley College', 'oxford and cherwell valley college'],
    ['The Borough of Calderdale', 'borough of calderdale'],
    ['ATKINS LIMITED', 'atkins'],
    ['Atkins  Ltd', 'atkins'],
    ['SEFE ENERGY Ltd', 'sefe energy'],
    ['GM PACKAGING (UK) LTD', 'gm packaging uk'],
    ['JULIE\uFFFDS BICYCLE', 'julies bicycle'],
    ["Sainsbury's Supermarkets Ltd", 'sainsburys supermarkets'],
    ['REXAM CONSUMER PLASTICS INC.', 'rexam consumer plastics'],
    ['Acme Co Ltd', 'acme'],
    ['Société Générale S.A.', 'societe generale'],
    ['LTD', 'ltd'],
  ])('%s → %s', (raw, key) => expect(normaliseSupplierName(raw)).toBe(key));
});

describe('normaliseSupplierName (names as ERP exports write them)', () => {
  it.each([
    ['Acme Ltd', 'acme'],
    ['ACME LIMITED', 'acme'],
    ['Acme Ltd.', 'acme'],
    ['acme  ltd', 'acme'],
    ['Becker & Vogel GmbH & Co. KG', 'becker and vogel'],
    ['Visser B.V.', 'visser'],
    ['Rossi S.p.A.', 'rossi'],
    ['Falcon Group plc', 'falcon group'],
    ['Ltd', 'ltd'],
  ])('%s → %s', (raw, key) => expect(normaliseSupplierName(raw)).toBe(key));
});

describe('supplier search keys and terms (docs/domain.md, finding suppliers)', () => {
  const key = supplierSearchKey('Société Générale S.A.', ['SOCIETE GENERALE', 'Société Générale Paris SA'], 'FR 123 456 789');

  it('keeps each normalised name once, and the compact tax id', () => {
    expect(key).toBe('|societe generale|societe generale paris|fr123456789|');
  });

  const matches = (search: string) => supplierSearchTerms(search).some((term) => key.includes(term));
  it.each([
    ['societe', true],
    ['SOCIÉTÉ générale', true],
    ['Societe Generale SA', true],
    ['Société Générale Limited', true],
    ['generale paris', true],
    ['société générale s', true],
    ['fr123', true],
    ['FR 123 456', true],
    ['123 456 789', true],
    ['generali', false],
    ['paris generale', false],
  ])('"%s" matches: %s', (search, expected) => expect(matches(search)).toBe(expected));

  it('finds "Acme Limited" from "acme ltd", and "Acme Ltd" while "Acme Lim" is typed', () => {
    const acme = supplierSearchKey('Acme Limited', [], null);
    expect(supplierSearchTerms('acme ltd').some((t) => acme.includes(t))).toBe(true);
    expect(supplierSearchTerms('Acme Lim')).toEqual(['acme lim', 'acme']);
  });

  it('has nothing to look for in punctuation alone', () => {
    expect(supplierSearchTerms('  &% ')).toEqual(['and']);
    expect(supplierSearchTerms('...')).toEqual([]);
  });
});
