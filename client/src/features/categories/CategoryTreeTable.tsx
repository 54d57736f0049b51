import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SpendFilterParams } from '../../filters/spendFilter';
import { useSearchParams, withSearchParams } from '../../filters/useSearchParams';
import { formatChange, formatCount, formatMoney, formatPercent, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { CategoryTreeTable_FiguresFragment, SpendFilter } from '../../gql/graphql';
import { categoryFilter, exploreHref, linesHref } from './categoryLinks';
import { buildTree, treeKeyAction, visibleRows } from './categoryTree';
import styles from './CategoryTreeTable.module.css';

const CategoryTreeTableFragment = graphql(`
  fragment CategoryTreeTable_tree on CategoryTree {
    currency
    total {
      ...CategoryTreeTable_figures
    }
    unclassified {
      ...CategoryTreeTable_figures
    }
    nodes {
      category {
        id
        code
        name
        level
        parentId
        ownerName
      }
      figures {
        ...CategoryTreeTable_figures
      }
    }
  }
`);

const CategoryTreeTableFiguresFragment = graphql(`
  fragment CategoryTreeTable_figures on CategoryFigures {
    spend
    previousPeriodSpend
    change
    shareOfParent
    supplierCount
    onContractSpend
    onContractShare
    lineCount
  }
`);

type Figures = CategoryTreeTable_FiguresFragment;

interface Node {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  level: number;
  ownerName: string | null;
  /** The nearest owner above it, when it has none of its own. */
  inheritedOwner: string | null;
  figures: Figures;
  ancestorIds: string[];
}

interface CategoryTreeTableProps {
  tree: FragmentType<typeof CategoryTreeTableFragment>;
  /** The screen's filter, for drill-downs. */
  filter: SpendFilter;
  /** The same filter as URL params, for opening the explorer. */
  params: SpendFilterParams;
  /** Whether numbers link to lines and the explorer. */
  canDrill: boolean;
  /** The screen the lines page offers to return to. */
  back: string;
}

const UNCLASSIFIED = 'unclassified';
const COLUMNS = ['Category', 'Spend', 'Share of parent', 'Change', 'Suppliers', 'On contract', 'Lines', 'Owner'];

/** The category ids of an `open` parameter; anything that is not an id is left out. */
function openCategoryIds(param: string): Set<string> {
  return new Set(param.split(',').filter((id) => /^\d{1,12}$/.test(id)));
}

/**
 * The category taxonomy as a tree table (WAI-ARIA treegrid): one row is focusable at a time; the
 * arrow keys move between rows, Right opens a row and Left closes it or steps to its parent, Home
 * and End jump, Enter opens the category. The links of the focused row follow it in the Tab order.
 * It is not the shared `Table`: that one has flat rows and no tree keyboard model.
 */
export function CategoryTreeTable(props: CategoryTreeTableProps) {
  const tree = getFragmentData(CategoryTreeTableFragment, props.tree);
  const figuresOf = (f: FragmentType<typeof CategoryTreeTableFiguresFragment>) => getFragmentData(CategoryTreeTableFiguresFragment, f);
  const navigate = useNavigate();
  // The open rows are in the URL (`open`, category ids), so a link or the way back from a
  // category shows the tree as it was left.
  const [params, setParams] = useSearchParams();
  const openParam = params.get('open') ?? '';
  const expanded = useMemo<ReadonlySet<string>>(() => openCategoryIds(openParam), [openParam]);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());

  const model = useMemo(() => {
    const raw = tree.nodes.map((n) => ({ ...n.category, figures: figuresOf(n.figures) }));
    const byId = new Map(raw.map((n) => [n.id, n]));
    const nodes: Node[] = raw.map((n) => {
      const ancestorIds: string[] = [];
      let inheritedOwner: string | null = null;
      for (let p = n.parentId === null ? undefined : byId.get(n.parentId); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) {
        ancestorIds.push(p.id);
        inheritedOwner ??= p.ownerName;
      }
      return { ...n, ancestorIds, inheritedOwner: n.ownerName ? null : inheritedOwner };
    });
    return buildTree(nodes, (a, b) => (toNumber(b.figures.spend) ?? 0) - (toNumber(a.figures.spend) ?? 0) || a.code.localeCompare(b.code));
  }, [tree.nodes]);
  const currency = tree.currency;
  const unclassified = figuresOf(tree.unclassified);
  const total = figuresOf(tree.total);
  // Lines without a category close the list, as a row of its own the keys reach too.
  const unclassifiedNode: Node = {
    id: UNCLASSIFIED, parentId: null, code: '', name: 'Unclassified', level: 1, ownerName: null, inheritedOwner: null, figures: unclassified, ancestorIds: [],
  };
  const rows = [
    ...visibleRows(model, expanded),
    ...(unclassified.lineCount > 0 ? [{ node: unclassifiedNode, level: 1, parentId: null, hasChildren: false, expanded: false, posInSet: model.roots.length + 1, setSize: model.roots.length + 1 }] : []),
  ];
  const current = focusedId !== null && rows.some((r) => r.node.id === focusedId) ? focusedId : rows[0]?.node.id ?? null;

  function focusRow(id: string) {
    setFocusedId(id);
    rowRefs.current.get(id)?.focus();
  }

  function toggle(id: string, open: boolean) {
    setParams(
      (current) => {
        const ids = openCategoryIds(current.get('open') ?? '');
        if (open) ids.add(id);
        else ids.delete(id);
        return withSearchParams(current, { open: [...ids].join(',') });
      },
      { replace: true },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, id: string) {
    // Keys pressed on a link inside the row are the link's, except the arrows that move between rows.
    if (event.target !== event.currentTarget && !event.key.startsWith('Arrow')) return;
    const action = treeKeyAction(event.key, rows, id);
    if (!action) return;
    event.preventDefault();
    if ('focus' in action) focusRow(action.focus);
    else if ('expand' in action) toggle(action.expand, true);
    else if ('collapse' in action) toggle(action.collapse, false);
    else if (action.open !== UNCLASSIFIED) void navigate(`/categories/${action.open}`);
  }

  const drill = (node: Node | null, text: string, what: string, extra: Partial<SpendFilter>, tabbable: boolean, testId?: string): ReactNode => {
    if (!props.canDrill) return <span data-testid={testId}>{text}</span>;
    const filter = node
      ? { ...categoryFilter(props.filter, { id: node.id, level: node.level, ancestorIds: node.ancestorIds }), ...extra }
      : { ...props.filter, members: [{ dimension: 'CATEGORY_L1' as const, ids: [null] }], ...extra };
    return (
      <Link to={linesHref(filter, what, props.back)} tabIndex={tabbable ? 0 : -1} data-testid={testId}>
        {text}
      </Link>
    );
  };

  const figureCells = (node: Node | null, figures: Figures, name: string, tabbable: boolean, key: string) => {
    const change = formatChange(figures.change);
    const suppliers = formatCount(figures.supplierCount);
    const explore = node && props.canDrill ? exploreHref(props.params, node, ['SUPPLIER'], ['SPEND', 'LINE_COUNT']) : null;
    return (
      <>
        <td className={styles.number}>{drill(node, formatMoney(figures.spend, currency), name, {}, tabbable, `category-spend-${key}`)}</td>
        <td className={styles.number}>{formatPercent(figures.shareOfParent)}</td>
        <td className={`${styles.number} ${change?.direction === 'up' ? styles.up : change?.direction === 'down' ? styles.down : ''}`} title={`Previous period: ${formatMoney(figures.previousPeriodSpend, currency)}`}>
          {change?.text ?? '—'}
        </td>
        <td className={styles.number}>
          {explore ? (
            <Link to={explore} tabIndex={tabbable ? 0 : -1} title={`Open ${name} by supplier in the explorer`}>
              {suppliers}
            </Link>
          ) : (
            suppliers
          )}
        </td>
        <td className={styles.number}>{drill(node, formatPercent(figures.onContractShare), `${name} · on contract`, { onContract: true }, tabbable)}</td>
        <td className={styles.number}>{drill(node, formatCount(figures.lineCount), name, {}, tabbable)}</td>
      </>
    );
  };

  return (
    <div className={styles.scroll}>
      <table className={styles.table} role="treegrid" aria-label="Category tree" data-testid="category-tree">
        <thead>
          <tr>
            {COLUMNS.map((column, index) => (
              <th key={column} scope="col" className={index > 0 && index < 7 ? styles.number : undefined} data-col={index === 7 ? 'owner' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { node } = row;
            const focused = node.id === current;
            const real = node.id === UNCLASSIFIED ? null : node;
            const setSize = row.level === 1 ? rows.filter((r) => r.level === 1).length : row.setSize;
            return (
              <tr
                key={node.id}
                ref={(element) => {
                  if (element) rowRefs.current.set(node.id, element);
                  else rowRefs.current.delete(node.id);
                }}
                aria-level={row.level}
                aria-posinset={row.posInSet}
                aria-setsize={setSize}
                aria-expanded={row.hasChildren ? row.expanded : undefined}
                tabIndex={focused ? 0 : -1}
                className={styles.row}
                onKeyDown={(event) => onKeyDown(event, node.id)}
                onFocus={(event) => {
                  if (event.target === event.currentTarget) setFocusedId(node.id);
                }}
                data-testid={`category-row-${node.id}`}
                data-code={node.code}
              >
                <th scope="row" className={styles.nameCell}>
                  <span className={styles.name} style={{ paddingInlineStart: `calc(${row.level - 1} * var(--space-5))` }}>
                    {row.hasChildren ? (
                      <button
                        type="button"
                        tabIndex={-1}
                        className={styles.toggle}
                        aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${node.name}`}
                        onClick={() => {
                          toggle(node.id, !row.expanded);
                          focusRow(node.id);
                        }}
                      >
                        <span aria-hidden="true">{row.expanded ? '▾' : '▸'}</span>
                      </button>
                    ) : (
                      <span className={styles.leaf} aria-hidden="true" />
                    )}
                    {real ? (
                      <Link to={`/categories/${node.id}`} tabIndex={focused ? 0 : -1} data-testid={`category-link-${node.id}`}>
                        {node.name}
                      </Link>
                    ) : (
                      <span className={styles.muted}>{node.name}</span>
                    )}
                  </span>
                </th>
                {figureCells(real, node.figures, node.name, focused, node.id)}
                <td
                  className={node.ownerName ? undefined : styles.inherited}
                  title={node.inheritedOwner ? 'Owner of a category above it' : undefined}
                  data-col="owner"
                >
                  {node.ownerName ?? node.inheritedOwner ?? '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className={styles.total}>
            <th scope="row">All spend</th>
            <td className={styles.number} data-testid="category-tree-total">{formatMoney(total.spend, currency)}</td>
            <td className={styles.number}>{formatPercent(total.shareOfParent)}</td>
            <td className={styles.number}>{formatChange(total.change)?.text ?? '—'}</td>
            <td className={styles.number}>{formatCount(total.supplierCount)}</td>
            <td className={styles.number}>{formatPercent(total.onContractShare)}</td>
            <td className={styles.number}>{formatCount(total.lineCount)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
