import { describe, expect, it } from 'vitest';
import { normaliseSupplierName } from './normalise.js';

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
