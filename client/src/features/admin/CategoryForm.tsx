import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../components/FormActions';
import { Hint } from '../../components/Hint';
import type { CreateCategoryInput, UpdateCategoryInput } from '../../gql/graphql';
import { indentedLabel, type CategoryOption } from './categoryOptions';
import styles from './CategoryForm.module.css';

/** The deepest level a category may sit at (docs/domain.md, taxonomy). */
export const MAX_LEVEL = 4;
const codePattern = /^[A-Za-z0-9._-]{1,64}$/;
const naicsPattern = /^\d{6}$/;

export interface EditableCategory extends CategoryOption {
  version: number;
  naicsCode?: string | null;
  owner?: { id: string } | null;
}

interface CategoryFormProps {
  /** The category being edited, or null for a new one. */
  category: EditableCategory | null;
  /** Every category, in tree order, for the parent choice. */
  categories: readonly EditableCategory[];
  owners: readonly { id: string; name: string; email: string }[];
  saving: boolean;
  error: string | null;
  onCreate(input: CreateCategoryInput): void;
  onUpdate(id: string, version: number, input: UpdateCategoryInput): void;
  onCancel(): void;
}

/** Ids of a category and everything under it: where it cannot move. */
function subtreeOf(id: string, categories: readonly EditableCategory[]): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of categories) {
      if (c.parentId && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Create a category, or rename, move, set the owner or the NAICS code of one. */
export function CategoryForm({ category, categories, owners, saving, error, onCreate, onUpdate, onCancel }: CategoryFormProps) {
  const ids = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState(category?.name ?? '');
  const [parentId, setParentId] = useState(category?.parentId ?? '');
  const [ownerId, setOwnerId] = useState(category?.owner?.id ?? '');
  const [naics, setNaics] = useState(category?.naicsCode ?? '');

  // A category's own subtree cannot be its parent; the subtree's depth decides how deep it may go.
  const below = category ? subtreeOf(category.id, categories) : new Set<string>();
  const height = category ? Math.max(...[...below].map((id) => categories.find((c) => c.id === id)!.level)) - category.level + 1 : 1;
  const parents = categories.filter((c) => !below.has(c.id) && c.level + height <= MAX_LEVEL);

  const problems: string[] = [];
  if (!category && !codePattern.test(code.trim())) problems.push('A code is 1 to 64 letters, digits, dots, underscores or hyphens.');
  if (!name.trim()) problems.push('Enter the category’s name.');
  if (naics.trim() && !naicsPattern.test(naics.trim())) problems.push('A NAICS code is 6 digits.');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problems.length) return;
    if (!category) {
      onCreate({ code: code.trim(), name: name.trim(), parentId: parentId || null, ownerUserId: ownerId || null, naicsCode: naics.trim() || null });
      return;
    }
    // Only what changed, so the audit log names the one change made (a move, a rename…).
    const input: UpdateCategoryInput = {};
    if (name.trim() !== category.name) input.name = name.trim();
    if ((parentId || null) !== (category.parentId ?? null)) input.parentId = parentId || null;
    if ((ownerId || null) !== (category.owner?.id ?? null)) input.ownerUserId = ownerId || null;
    if ((naics.trim() || null) !== (category.naicsCode ?? null)) input.naicsCode = naics.trim() || null;
    onUpdate(category.id, category.version, input);
  }

  return (
    <form className="admin-form" onSubmit={onSubmit} aria-labelledby={`${ids}-title`} data-testid="category-form" noValidate>
      <h3 className={styles.title} id={`${ids}-title`}>
        {category ? `Edit ${category.name} (${category.code})` : 'New category'}
      </h3>
      <div className="admin-form__grid">
        {!category && (
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-code`}>
              Code
            </label>
            <input id={`${ids}-code`} className="input" value={code} onChange={(event) => setCode(event.target.value)} maxLength={64} aria-describedby={`${ids}-code-hint`} data-testid="category-code" />
            <Hint id={`${ids}-code-hint`}>Unique; it cannot be changed later.</Hint>
          </div>
        )}
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-name`}>
            Name
          </label>
          <input id={`${ids}-name`} className="input" value={name} onChange={(event) => setName(event.target.value)} maxLength={200} data-testid="category-name" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-parent`}>
            Parent
          </label>
          <select id={`${ids}-parent`} className="input input--select" value={parentId} onChange={(event) => setParentId(event.target.value)} aria-describedby={`${ids}-parent-hint`} data-testid="category-parent">
            <option value="">None (top level)</option>
            {parents.map((c) => (
              <option key={c.id} value={c.id}>
                {indentedLabel(c)}
              </option>
            ))}
          </select>
          <Hint id={`${ids}-parent-hint`}>
            {category ? 'Everything under it moves too, and its spend rolls up to the new parent at once.' : `At most ${MAX_LEVEL} levels.`}
          </Hint>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-owner`}>
            Owner
          </label>
          <select id={`${ids}-owner`} className="input input--select" value={ownerId} onChange={(event) => setOwnerId(event.target.value)} data-testid="category-owner">
            <option value="">No owner</option>
            {owners.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-naics`}>
            NAICS code
          </label>
          <input id={`${ids}-naics`} className="input" inputMode="numeric" value={naics} onChange={(event) => setNaics(event.target.value)} maxLength={6} aria-describedby={`${ids}-naics-hint`} data-testid="category-naics" />
          <Hint id={`${ids}-naics-hint`}>6 digits; selects the emission factor. Empty: the parent’s applies.</Hint>
        </div>
      </div>
      <FormActions
        error={error}
        errorTestId="category-form-error"
        saving={saving}
        saveLabel={category ? 'Save changes' : 'Add category'}
        saveTestId="category-save"
        blocked={problems.length > 0}
        hint={problems[0] ?? null}
        onCancel={onCancel}
      />
    </form>
  );
}
