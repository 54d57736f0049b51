/// <reference types="node" />
// Reads the stylesheet from disk: vitest blanks CSS imports, even `?raw` ones.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chartTokens } from './palette';

const tokensCss = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

function token(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(tokensCss)?.[1]?.toLowerCase();
}

describe('chart palette', () => {
  it('mirrors the colour tokens of tokens.css exactly', () => {
    for (const [name, colour] of Object.entries(chartTokens)) {
      expect({ name, colour: token(name) }).toEqual({ name, colour });
    }
  });
});
