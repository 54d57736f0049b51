import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '../../apollo/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { KpiTile } from '../../components/KpiTile';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import {
  useCreateClassificationRule,
  useDeleteClassificationRule,
  useRunClassificationRules,
  useUpdateClassificationRule,
} from '../../features/admin/adminMutations';
import { CategoryOptionsQuery, treeOrder } from '../../features/admin/categoryOptions';
import { ManualClassificationForm } from '../../features/admin/ManualClassificationForm';
import { RuleForm } from '../../features/admin/RuleForm';
import { RulesTable, RulesTableRuleFragment, type ClassificationRuleView } from '../../features/admin/RulesTable';
import { lineFilterSearch } from '../../features/lines/lineFilter';
import { formatCount } from '../../format/numbers';
import { getFragmentData, graphql } from '../../gql';
import type { ClassificationRuleInput } from '../../gql/graphql';
import { Button } from '../../components/Button';
import styles from './ClassificationPage.module.css';

const ClassificationPageQuery = graphql(`
  query ClassificationPage {
    classificationRules {
      id
      ...RulesTable_rule
    }
  }
`);

const unclassifiedLinesLink = `/lines?${lineFilterSearch({ members: [{ dimension: 'CATEGORY_L1', ids: [null] }] }, undefined, 'Unclassified lines')}`;

type Editing = { mode: 'new' } | { mode: 'edit'; rule: ClassificationRuleView } | null;

function saveErrorText(error: unknown): string {
  const info = describeApiError(error);
  if (info.code === 'CONFLICT') return 'Someone else changed this rule while you were editing it. The list now shows their version; open it again to make your change.';
  return info.requestId ? `${info.message} (request id ${info.requestId})` : info.message;
}

/** `/admin/classification`: rules in priority order, running them, and manual overrides. */
export function ClassificationPage() {
  const ids = useId();
  const { data, previousData, loading, error, refetch } = useQuery(ClassificationPageQuery, { fetchPolicy: 'cache-and-network' });
  const categoriesResult = useQuery(CategoryOptionsQuery);
  const categories = treeOrder(categoriesResult.data?.categories ?? []);
  const view = data ?? previousData;
  const [editing, setEditing] = useState<Editing>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ClassificationRuleView | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [createRule, createState] = useCreateClassificationRule();
  const [updateRule, updateState] = useUpdateClassificationRule();
  const [deleteRule, deleteState] = useDeleteClassificationRule();
  const [runRules, runState] = useRunClassificationRules();
  const saving = createState.loading || updateState.loading;
  const rules = (view?.classificationRules ?? []).map((rule) => getFragmentData(RulesTableRuleFragment, rule));
  const nextPriority = rules.length ? Math.max(...rules.map((rule) => rule.priority)) + 10 : 10;

  async function save(input: ClassificationRuleInput) {
    if (!editing) return;
    setFormError(null);
    try {
      if (editing.mode === 'edit') {
        await updateRule({ variables: { id: editing.rule.id, version: editing.rule.version, input } });
        setMessage({ tone: 'success', text: `Rule ${input.priority} saved. Run the rules to apply it.` });
      } else {
        await createRule({ variables: { input } });
        setMessage({ tone: 'success', text: `Rule ${input.priority} added. Run the rules to apply it.` });
      }
      setEditing(null);
    } catch (caught) {
      setFormError(saveErrorText(caught));
      // Show what the server now holds (a conflicting edit, or a save that half-happened).
      void refetch();
    }
  }

  async function confirmDelete() {
    const rule = deleting;
    setDeleting(null);
    if (!rule) return;
    setMessage(null);
    try {
      await deleteRule({ variables: { id: rule.id, version: rule.version } });
      if (editing?.mode === 'edit' && editing.rule.id === rule.id) setEditing(null);
      setMessage({ tone: 'success', text: `Rule ${rule.priority} deleted. Lines it classified keep their category until the rules run again.` });
    } catch (caught) {
      setMessage({ tone: 'error', text: describeApiError(caught).message });
      // A rule edited meanwhile: show it as it is now.
      void refetch();
    }
  }

  const run = runState.data?.runClassificationRules;

  return (
    <main className="page" data-testid="admin-classification-page">
      <PageHeader title="Classification rules" description="Rules put lines in categories, in priority order; a person’s choice and a file’s own category are never overwritten." />

      {message && (
        <div className={`alert ${message.tone === 'error' ? 'alert--error' : 'alert--success'}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="rule-message">
          <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
          <span>{message.text}</span>
        </div>
      )}

      <section className="card admin-card" aria-labelledby={`${ids}-run`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-run`}>
              Run the rules
            </h2>
            <p className="card__subtitle">
              Applies every enabled rule to all lines not classified by a person or by their file. New imports are filed by the rules as they are committed.{' '}
              <Link className="table-link" to={unclassifiedLinesLink} data-testid="unclassified-link">
                See unclassified lines
              </Link>
            </p>
          </div>
          <Button busy={runState.loading} busyLabel="Running…" variant="primary" onClick={() => void runRules().catch(() => undefined)} data-testid="run-rules">
            Run rules now
          </Button>
        </div>
        {runState.error && (
          <div className="alert alert--error" role="alert">
            <Icon name="alert" size={16} />
            <span>The run failed: {describeApiError(runState.error).message}</span>
          </div>
        )}
        {run && (
          <div className={`kpi-grid ${styles.root}`} role="status" data-testid="run-result">
            <KpiTile label="Classified by a rule" value={formatCount(run.ruleClassified)} testId="run-rule-classified" />
            <KpiTile label="Left unclassified" value={formatCount(run.unclassified)} tone={run.unclassified > 0 ? 'warning' : 'neutral'} testId="run-unclassified" />
            <KpiTile label="Changed in this run" value={formatCount(run.changed)} testId="run-changed" />
            <KpiTile label="Duration" value={`${formatCount(run.durationMs)} ms`} testId="run-duration" />
          </div>
        )}
      </section>

      <section className="card admin-card" aria-labelledby={`${ids}-rules`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-rules`}>
              Rules
            </h2>
            <p className="card__subtitle">Lower priority runs first; a line matches when every condition of the rule holds.</p>
          </div>
          <Button
            onClick={() => {
              setFormError(null);
              setEditing({ mode: 'new' });
            }}
            disabled={editing?.mode === 'new'}
            data-testid="new-rule"
          >
            New rule
          </Button>
        </div>
        {editing && (
          <RuleForm
            key={editing.mode === 'edit' ? `${editing.rule.id}-${editing.rule.version}` : 'new'}
            rule={editing.mode === 'edit' ? editing.rule : null}
            categories={categories}
            nextPriority={nextPriority}
            saving={saving}
            error={formError}
            onSave={(input) => void save(input)}
            onCancel={() => {
              setEditing(null);
              setFormError(null);
            }}
          />
        )}
        {error && !view ? (
          <ErrorState error={error} title="The rules could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={4} />
        ) : rules.length === 0 ? (
          <EmptyState title="No rules yet" text="Add a rule to classify lines by supplier, GL account, cost centre or text." />
        ) : (
          <div aria-busy={loading}>
            <RulesTable
              rules={view.classificationRules}
              editingId={editing?.mode === 'edit' ? editing.rule.id : null}
              busy={saving || deleteState.loading}
              onEdit={(rule) => {
                setFormError(null);
                setEditing({ mode: 'edit', rule });
              }}
              onDelete={setDeleting}
            />
          </div>
        )}
      </section>

      <section className="card admin-card" aria-labelledby={`${ids}-manual`}>
        <div className="card__header">
          <h2 className="card__title" id={`${ids}-manual`}>
            Classify a supplier’s lines by hand
          </h2>
          <p className="card__subtitle">Every line of the supplier gets the category and is marked manual: rules will not change them again.</p>
        </div>
        <ManualClassificationForm categories={categories} />
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete rule ${deleting.priority}?` : 'Delete rule?'}
        confirmLabel="Delete rule"
        tone="danger"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Lines it classified keep their category until the rules are run again.</p>
      </ConfirmDialog>
    </main>
  );
}
