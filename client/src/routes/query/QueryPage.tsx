import 'graphiql/style.css';
import '../../features/query/monacoWorkers';
import { useQuery } from '@apollo/client/react';
import { GraphiQL } from 'graphiql';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../filters/useSearchParams';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, FullPageLoading } from '../../components/StatusViews';
import { ExportButtons } from '../../features/exports/ExportButtons';
import { createFetcher, type QueryRun } from '../../features/query/fetcher';
import { QueryResults } from '../../features/query/QueryResults';
import { decodeDraft, encodeDraft, parseDefinition, parseVariables, type QueryDraft } from '../../features/query/queryLink';
import { findTables, primaryTable } from '../../features/query/resultRows';
import { RunErrors } from '../../features/query/RunErrors';
import { SavedQueryBar, SavedQueryFragment, type SavedQuery } from '../../features/query/SavedQueryBar';
import { starterQueries, welcomeQuery as WELCOME } from '../../features/query/starters';
import { editorStorage } from '../../features/query/editorStorage';
import { EditorSetup } from '../../features/query/EditorSetup';
import { getFragmentData, graphql } from '../../gql';
import styles from '../../features/query/QueryWorkbench.module.css';

const SavedQueryQuery = graphql(`
  query SavedQuery($id: ID!) {
    savedView(id: $id) {
      ...SavedQuery_view
    }
  }
`);


function variablesText(variables: Record<string, unknown> | null): string {
  return variables ? JSON.stringify(variables, null, 2) : '';
}

/** `/query`: GraphiQL on the live schema, with the console's session, plus results as a table and a chart. */
export default function QueryPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const q = params.get('q');
  const text = params.get('text');
  // What the editor was opened with; the key remounts the editor when a starter or saved query is opened.
  const [opened, setOpened] = useState<{ draft: QueryDraft; key: string } | null>(null);
  const current = useRef<QueryDraft>({ document: '', variables: '' });
  const [run, setRun] = useState<QueryRun | null>(null);
  const [savedView, setSavedView] = useState<SavedQuery | null>(null);
  const openedFor = useRef<string | null>(null);

  const savedQuery = useQuery(SavedQueryQuery, { variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'network-only' });
  const loadedView = savedQuery.data ? (getFragmentData(SavedQueryFragment, savedQuery.data.savedView) as SavedQuery) : null;

  // Resolve what to open from the URL: an edited draft (`q`) wins over the saved text it started from.
  useEffect(() => {
    const wanted = `${id ?? ''}|${q ?? ''}|${text ?? ''}`;
    if (openedFor.current !== null && (openedFor.current === wanted || openedFor.current === 'self')) return;
    let cancelled = false;
    void (async () => {
      let draft: QueryDraft | null = null;
      if (q) draft = await decodeDraft(q);
      if (!draft && text) draft = { document: text, variables: '' };
      if (!draft && id) {
        if (!loadedView) return;
        const definition = parseDefinition(loadedView.definition);
        draft = definition ? { document: definition.document, variables: variablesText(definition.variables) } : null;
      }
      if (cancelled) return;
      if (id && loadedView) setSavedView(loadedView);
      draft ??= { document: WELCOME, variables: '' };
      current.current = draft;
      openedFor.current = wanted;
      setOpened({ draft, key: wanted });
    })();
    return () => {
      cancelled = true;
    };
  }, [id, q, text, loadedView]);

  // Edits go into the URL (debounced), so the address bar is always a link to what is on screen.
  const urlTimer = useRef<number | undefined>(undefined);
  const writeUrl = useCallback(() => {
    window.clearTimeout(urlTimer.current);
    urlTimer.current = window.setTimeout(() => {
      void encodeDraft(current.current).then((encoded) => {
        openedFor.current = 'self';
        setParams(
          (prev) => {
            const next = new URLSearchParams();
            const savedId = prev.get('id');
            if (savedId) next.set('id', savedId);
            next.set('q', encoded);
            return next;
          },
          { replace: true },
        );
      });
    }, 400);
  }, [setParams]);
  useEffect(() => () => window.clearTimeout(urlTimer.current), []);

  const fetcher = useMemo(() => createFetcher(setRun), []);

  function openDraft(draft: QueryDraft, saved: SavedQuery | null, key: string) {
    current.current = draft;
    openedFor.current = 'self';
    setSavedView(saved);
    setRun(null);
    setOpened({ draft, key });
    void encodeDraft(draft).then((encoded) => setParams(saved ? { id: saved.id } : { q: encoded }));
  }

  const tables = useMemo(() => (run?.result ? findTables(run.result.data) : []), [run]);
  // The list shown (and exported): the user's pick, else the primary one the server would take too.
  const [pickedPath, setPickedPath] = useState<string | null>(null);
  const shownPath = tables.some((t) => t.path === pickedPath) ? pickedPath : (primaryTable(tables)?.path ?? null);
  const errors = (run?.result?.errors ?? []) as unknown as Parameters<typeof RunErrors>[0]['errors'];

  const exportPath = useMemo(() => {
    if (!run?.result?.data) return null;
    const search = new URLSearchParams({ document: run.document });
    if (run.variables) search.set('variables', JSON.stringify(run.variables));
    if (run.operationName) search.set('operationName', run.operationName);
    if (shownPath) search.set('path', shownPath);
    return `/api/exports/query?${search.toString()}`;
  }, [run, shownPath]);

  if (id && savedQuery.error) return <main className="page page--wide"><ErrorState error={savedQuery.error} title="This saved query could not be opened" /></main>;

  return (
    <main className="page page--wide">
      <PageHeader
        title="Query"
        description="GraphQL on the live schema with your own scope and limits. Results show as a table and a chart; save, share and export them."
      />
      <div className={styles.toolbar}>
        <label className={styles.formField}>
          <span>Starter queries</span>
          <select
            className="input input--select"
            value=""
            onChange={(e) => {
              const starter = starterQueries.find((s) => s.id === e.target.value);
              if (starter) openDraft({ document: starter.document, variables: starter.variables }, null, `starter-${starter.id}-${Date.now()}`);
            }}
            data-testid="query-starter"
          >
            <option value="">Open a starter query…</option>
            {starterQueries.map((s) => (
              <option key={s.id} value={s.id} title={s.summary}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <SavedQueryBar
          saved={savedView}
          current={() => {
            const variables = parseVariables(current.current.variables);
            if (!variables.ok) return { error: variables.message };
            return { definition: { document: current.current.document, variables: variables.value } };
          }}
          onSaved={(view) => {
            setSavedView(view);
            openedFor.current = 'self';
            setParams({ id: view.id }, { replace: true });
          }}
          onDeleted={() => {
            setSavedView(null);
            writeUrl();
          }}
        />
      </div>
      <div className={styles.editor} data-testid="query-editor">
        {opened ? (
          <GraphiQL
            key={opened.key}
            fetcher={fetcher}
            initialQuery={opened.draft.document}
            initialVariables={opened.draft.variables}
            defaultEditorToolsVisibility={opened.draft.variables ? 'variables' : false}
            isHeadersEditorEnabled={false}
            storage={editorStorage}
            forcedTheme="light"
            onEditQuery={(value) => {
              current.current = { ...current.current, document: value };
              writeUrl();
            }}
            onEditVariables={(value) => {
              current.current = { ...current.current, variables: value };
              writeUrl();
            }}
          >
            <GraphiQL.Logo>Spendscope</GraphiQL.Logo>
            <EditorSetup />
          </GraphiQL>
        ) : (
          <FullPageLoading />
        )}
      </div>
      <div className={styles.runBar} aria-live="polite" data-testid="query-run-status">
        {run &&
          (run.cancelled
            ? 'Cancelled: the request was stopped and the server stopped its statements.'
            : run.result
              ? `HTTP ${run.status} in ${Math.round(run.durationMs).toLocaleString('en-GB')} ms${tables.length ? ` · ${tables.length} list${tables.length === 1 ? '' : 's'} of objects` : ''}`
              : 'The server could not be reached.')}
        <span className={styles.runBarEnd}>
          <ExportButtons path={exportPath} />
        </span>
      </div>
      <RunErrors errors={errors} />
      {run?.result?.data != null && <QueryResults key={`${run.document}|${run.durationMs}`} tables={tables} path={shownPath} onPick={setPickedPath} />}
    </main>
  );
}
