import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorStorage } from './editorStorage';

describe('the workbench editor storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the editor seven tenths of the width until the user drags the split, then keeps their choice', () => {
    const saved = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => saved.set(key, value),
    });
    expect(Number(editorStorage.getItem('graphiql:editorFlex'))).toBeCloseTo(7 / 3);
    editorStorage.setItem('graphiql:editorFlex', '1.2');
    expect(editorStorage.getItem('graphiql:editorFlex')).toBe('1.2');
    expect(saved.get('spendscope.query:graphiql:editorFlex')).toBe('1.2');
    // Other keys have no default, and the texts the URL owns are never read back.
    expect(editorStorage.getItem('graphiql:docExplorerFlex')).toBeNull();
    editorStorage.setItem('graphiql:query', '{ a }');
    expect(editorStorage.getItem('graphiql:query')).toBeNull();
  });
});
