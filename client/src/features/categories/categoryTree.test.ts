import { describe, expect, it } from 'vitest';
import { buildTree, pathTo, treeKeyAction, visibleRows } from './categoryTree';

// IT (spend 10) > Software (6) > SaaS (4), Licences (2); IT > Hardware (4); Facilities (20); a node whose parent is hidden.
const nodes = [
  { id: '1', parentId: null, spend: 10 },
  { id: '2', parentId: '1', spend: 6 },
  { id: '3', parentId: '2', spend: 4 },
  { id: '4', parentId: '2', spend: 2 },
  { id: '5', parentId: '1', spend: 4 },
  { id: '9', parentId: null, spend: 20 },
  { id: '12', parentId: '11', spend: 1 },
];
const tree = buildTree(nodes, (a, b) => b.spend - a.spend);
const ids = (rows: ReturnType<typeof visibleRows>) => rows.map((r) => r.node.id);

describe('category tree model', () => {
  it('puts nodes whose parent is not there at the top, largest first', () => {
    expect(tree.roots.map((n) => n.id)).toEqual(['9', '1', '12']);
    expect(tree.children.get('1')!.map((n) => n.id)).toEqual(['2', '5']);
  });

  it('shows the children of expanded rows only, with their level and place among siblings', () => {
    expect(ids(visibleRows(tree, new Set()))).toEqual(['9', '1', '12']);
    const rows = visibleRows(tree, new Set(['1', '2']));
    expect(ids(rows)).toEqual(['9', '1', '2', '3', '4', '5', '12']);
    expect(rows.find((r) => r.node.id === '3')).toMatchObject({ level: 3, parentId: '2', hasChildren: false, posInSet: 1, setSize: 2 });
    expect(rows.find((r) => r.node.id === '1')).toMatchObject({ level: 1, hasChildren: true, expanded: true, posInSet: 2, setSize: 3 });
    // A collapsed parent hides its open children too.
    expect(ids(visibleRows(tree, new Set(['2'])))).toEqual(['9', '1', '12']);
  });

  it('maps keys to the treegrid actions', () => {
    const closed = visibleRows(tree, new Set());
    expect(treeKeyAction('ArrowDown', closed, '9')).toEqual({ focus: '1' });
    expect(treeKeyAction('ArrowUp', closed, '9')).toBeNull();
    expect(treeKeyAction('ArrowRight', closed, '1')).toEqual({ expand: '1' });
    expect(treeKeyAction('ArrowRight', closed, '9')).toBeNull();
    expect(treeKeyAction('End', closed, '9')).toEqual({ focus: '12' });
    expect(treeKeyAction('Enter', closed, '1')).toEqual({ open: '1' });
    const open = visibleRows(tree, new Set(['1']));
    expect(treeKeyAction('ArrowRight', open, '1')).toEqual({ focus: '2' });
    expect(treeKeyAction('ArrowLeft', open, '1')).toEqual({ collapse: '1' });
    expect(treeKeyAction('ArrowLeft', open, '5')).toEqual({ focus: '1' });
    expect(treeKeyAction('ArrowLeft', open, '9')).toBeNull();
    expect(treeKeyAction('Home', open, '5')).toEqual({ focus: '9' });
    expect(treeKeyAction('x', open, '5')).toBeNull();
  });

  it('finds the path from the top to a node', () => {
    expect(pathTo(tree, '4')).toEqual(['1', '2', '4']);
    expect(pathTo(tree, '12')).toEqual(['12']);
  });
});
