/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query FilterBarLinesWithoutRate($filter: SpendFilter!) {\n    linesWithoutFxRate(filter: $filter)\n  }\n": typeof types.FilterBarLinesWithoutRateDocument,
    "\n  fragment FxRatesTable_rate on FxRate {\n    id\n    version\n    currency\n    month\n    rateToReporting\n    updatedAt\n  }\n": typeof types.FxRatesTable_RateFragmentDoc,
    "\n  fragment MergeHistoryTable_merge on SupplierMerge {\n    id\n    source {\n      id\n      name\n    }\n    target {\n      id\n      name\n    }\n    linesMoved\n    mergedAt\n    undoneAt\n  }\n": typeof types.MergeHistoryTable_MergeFragmentDoc,
    "\n  fragment MergeSuggestionsTable_suggestion on SupplierMergeSuggestion {\n    keep {\n      id\n      name\n      version\n      spend {\n        lineCount\n      }\n    }\n    merge {\n      id\n      name\n      version\n      aliases\n      spend {\n        lineCount\n      }\n    }\n    similarity\n    spendAtStake\n  }\n": typeof types.MergeSuggestionsTable_SuggestionFragmentDoc,
    "\n  fragment RulesTable_rule on ClassificationRule {\n    id\n    priority\n    supplierId\n    glAccountId\n    costCenterId\n    descriptionContains\n    rawSupplierNameMatches\n    sourceCategoryContains\n    category {\n      id\n      code\n      name\n    }\n    enabled\n    version\n    updatedAt\n  }\n": typeof types.RulesTable_RuleFragmentDoc,
    "\n  query SupplierPicker($search: String!, $limit: Int!) {\n    suppliers(search: $search, sort: { field: SPEND, direction: DESC }, page: { limit: $limit }) {\n      nodes {\n        supplier {\n          id\n          name\n          status\n          version\n        }\n        lineCount\n      }\n    }\n  }\n": typeof types.SupplierPickerDocument,
    "\n  query SupplierName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.SupplierNameDocument,
    "\n  mutation MergeSuppliers($sourceId: ID!, $targetId: ID!, $sourceVersion: Int, $targetVersion: Int) {\n    mergeSuppliers(sourceId: $sourceId, targetId: $targetId, sourceVersion: $sourceVersion, targetVersion: $targetVersion) {\n      id\n      linesMoved\n      ...MergeHistoryTable_merge\n    }\n  }\n": typeof types.MergeSuppliersDocument,
    "\n  mutation UndoSupplierMerge($id: ID!) {\n    undoSupplierMerge(id: $id) {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n": typeof types.UndoSupplierMergeDocument,
    "\n  mutation DismissMergeSuggestion($supplierA: ID!, $supplierB: ID!) {\n    dismissMergeSuggestion(supplierA: $supplierA, supplierB: $supplierB)\n  }\n": typeof types.DismissMergeSuggestionDocument,
    "\n  mutation SetSupplierParent($id: ID!, $parentId: ID, $version: Int) {\n    setSupplierParent(id: $id, parentId: $parentId, version: $version) {\n      id\n      name\n      version\n      parent {\n        id\n        name\n      }\n    }\n  }\n": typeof types.SetSupplierParentDocument,
    "\n  mutation CreateClassificationRule($input: ClassificationRuleInput!) {\n    createClassificationRule(input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n": typeof types.CreateClassificationRuleDocument,
    "\n  mutation UpdateClassificationRule($id: ID!, $version: Int!, $input: ClassificationRuleInput!) {\n    updateClassificationRule(id: $id, version: $version, input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n": typeof types.UpdateClassificationRuleDocument,
    "\n  mutation DeleteClassificationRule($id: ID!, $version: Int) {\n    deleteClassificationRule(id: $id, version: $version)\n  }\n": typeof types.DeleteClassificationRuleDocument,
    "\n  mutation RunClassificationRules {\n    runClassificationRules {\n      ruleClassified\n      unclassified\n      changed\n      durationMs\n    }\n  }\n": typeof types.RunClassificationRulesDocument,
    "\n  mutation ClassifySupplierLines($supplierId: ID!, $categoryId: ID) {\n    classifyLines(supplierId: $supplierId, categoryId: $categoryId)\n  }\n": typeof types.ClassifySupplierLinesDocument,
    "\n  mutation CreateCategory($input: CreateCategoryInput!) {\n    createCategory(input: $input) {\n      id\n      code\n      name\n    }\n  }\n": typeof types.CreateCategoryDocument,
    "\n  mutation UpdateCategory($id: ID!, $version: Int!, $input: UpdateCategoryInput!) {\n    updateCategory(id: $id, version: $version, input: $input) {\n      id\n      name\n      level\n      parentId\n      version\n    }\n  }\n": typeof types.UpdateCategoryDocument,
    "\n  mutation SetFxRate($input: FxRateInput!) {\n    setFxRate(input: $input) {\n      rate {\n        id\n        version\n        currency\n        month\n        rateToReporting\n      }\n      replaced\n      linesConverted\n    }\n  }\n": typeof types.SetFxRateDocument,
    "\n  query CategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n    }\n  }\n": typeof types.CategoryOptionsDocument,
    "\n  query LedgerCodes {\n    costCenters {\n      id\n      code\n      name\n    }\n    glAccounts {\n      id\n      code\n      name\n    }\n  }\n": typeof types.LedgerCodesDocument,
    "\n  fragment AuditTable_event on AuditEvent {\n    id\n    at\n    userId\n    userName\n    userEmail\n    action\n    entity\n    entityId\n    label\n    changes {\n      field\n      kind\n      before\n      after\n    }\n  }\n": typeof types.AuditTable_EventFragmentDoc,
    "\n  fragment CategoryChildren_category on Category {\n    id\n    name\n    level\n    figures(filter: $filter) {\n      spend\n      change\n      shareOfParent\n      supplierCount\n      onContractShare\n      lineCount\n    }\n  }\n": typeof types.CategoryChildren_CategoryFragmentDoc,
    "\n  fragment CategoryContracts_page on ContractPage {\n    totalCount\n    nodes {\n      id\n      number\n      title\n      status\n      endDate\n      ceiling\n      currency\n      supplier {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CategoryContracts_PageFragmentDoc,
    "\n  query CategoryEmissions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      columns {\n        measure\n        unit\n      }\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      totals {\n        values\n      }\n    }\n  }\n": typeof types.CategoryEmissionsDocument,
    "\n  fragment CategoryKpis_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n": typeof types.CategoryKpis_FiguresFragmentDoc,
    "\n  fragment CategoryTreeTable_tree on CategoryTree {\n    currency\n    total {\n      ...CategoryTreeTable_figures\n    }\n    unclassified {\n      ...CategoryTreeTable_figures\n    }\n    nodes {\n      category {\n        id\n        code\n        name\n        level\n        parentId\n        ownerName\n      }\n      figures {\n        ...CategoryTreeTable_figures\n      }\n    }\n  }\n": typeof types.CategoryTreeTable_TreeFragmentDoc,
    "\n  fragment CategoryTreeTable_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n": typeof types.CategoryTreeTable_FiguresFragmentDoc,
    "\n  fragment CategoryTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n      }\n      values\n    }\n  }\n": typeof types.CategoryTrendChart_CubeFragmentDoc,
    "\n  fragment ClassifierStatusCard_status on ClassifierStatus {\n    version\n    trainedAt\n    method\n    trainingLines\n    categories\n    crossValidatedAccuracy\n    scoredLines\n    training\n    lastError\n    autoClassify\n    autoClassifyThreshold\n    defaultThreshold\n  }\n": typeof types.ClassifierStatusCard_StatusFragmentDoc,
    "\n  fragment CoverageBar_coverage on ClassificationCoverage {\n    total\n    file\n    rule\n    person\n    model\n    unclassified\n    modelLines\n    unclassifiedLines\n    currency\n  }\n": typeof types.CoverageBar_CoverageFragmentDoc,
    "\n  fragment DecisionsTable_action on ClassificationAction {\n    id\n    kind\n    lines\n    spend\n    modelVersion\n    userEmail\n    createdAt\n    undoneAt\n    restoredLines\n    ruleIds\n  }\n": typeof types.DecisionsTable_ActionFragmentDoc,
    "\n  fragment DisputedRulesTable_dispute on DisputedRule {\n    rule {\n      id\n      ...RulesTable_rule\n    }\n    suggestedCategory {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    ruleLines\n  }\n": typeof types.DisputedRulesTable_DisputeFragmentDoc,
    "\n  fragment GroupLinesTable_suggestion on ClassificationSuggestion {\n    line {\n      id\n      invoiceDate\n      description\n      amount\n      currency\n      amountReporting\n      businessUnitName\n    }\n    category {\n      id\n      name\n    }\n    confidence\n    alternatives {\n      category {\n        id\n        name\n      }\n      confidence\n    }\n    reasons\n  }\n": typeof types.GroupLinesTable_SuggestionFragmentDoc,
    "\n  fragment SuggestionGroupsTable_group on ClassificationSuggestionGroup {\n    supplierId\n    supplierName\n    category {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    minConfidence\n    reasons\n  }\n": typeof types.SuggestionGroupsTable_GroupFragmentDoc,
    "\n  query ClassificationCoverage($filter: SpendFilter) {\n    classificationCoverage(filter: $filter) {\n      ...CoverageBar_coverage\n    }\n  }\n": typeof types.ClassificationCoverageDocument,
    "\n  query ClassifierStatus {\n    classifierStatus {\n      ...ClassifierStatusCard_status\n    }\n  }\n": typeof types.ClassifierStatusDocument,
    "\n  query ClassificationReviewGroups($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestionGroups(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...SuggestionGroupsTable_group\n      }\n      totalCount\n      totalLines\n      totalAmount\n      currency\n    }\n  }\n": typeof types.ClassificationReviewGroupsDocument,
    "\n  query ClassificationGroupLines($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestions(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...GroupLinesTable_suggestion\n      }\n      totalCount\n      totalAmount\n      currency\n    }\n  }\n": typeof types.ClassificationGroupLinesDocument,
    "\n  query ClassificationActions($page: PageInput) {\n    classificationActions(page: $page) {\n      nodes {\n        id\n        ...DecisionsTable_action\n      }\n      totalCount\n    }\n  }\n": typeof types.ClassificationActionsDocument,
    "\n  query DisputedRules {\n    disputedRules {\n      ...DisputedRulesTable_dispute\n    }\n  }\n": typeof types.DisputedRulesDocument,
    "\n  query ReviewImportBatches {\n    classificationSuggestionBatches {\n      id\n      fileName\n      sourceName\n      committedAt\n      lines\n    }\n  }\n": typeof types.ReviewImportBatchesDocument,
    "\n  mutation AcceptClassificationSuggestions($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n": typeof types.AcceptClassificationSuggestionsDocument,
    "\n  mutation AcceptClassificationSuggestionsAsRules($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestionsAsRules(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n": typeof types.AcceptClassificationSuggestionsAsRulesDocument,
    "\n  mutation RejectClassificationSuggestions($input: ClassificationDecisionInput!) {\n    rejectClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n": typeof types.RejectClassificationSuggestionsDocument,
    "\n  mutation UndoClassificationAction($id: ID!) {\n    undoClassificationAction(id: $id) {\n      id\n      lines\n      restoredLines\n      ...DecisionsTable_action\n    }\n  }\n": typeof types.UndoClassificationActionDocument,
    "\n  mutation RetrainClassifier {\n    retrainClassifier {\n      ...ClassifierStatusCard_status\n    }\n  }\n": typeof types.RetrainClassifierDocument,
    "\n  mutation SetAutoClassify($enabled: Boolean!, $threshold: Float) {\n    setAutoClassify(enabled: $enabled, threshold: $threshold) {\n      ...ClassifierStatusCard_status\n    }\n  }\n": typeof types.SetAutoClassifyDocument,
    "\n  fragment ContractLeakage_contract on Contract {\n    id\n    number\n    categories {\n      id\n    }\n    businessUnits {\n      id\n    }\n    leakage {\n      dateFrom\n      dateTo\n      addressableSpend\n      spend\n      share\n      lineCount\n      supplierCount\n      suppliers(limit: 10) {\n        supplier {\n          id\n          name\n        }\n        spend\n        lineCount\n        contractParty\n      }\n    }\n  }\n": typeof types.ContractLeakage_ContractFragmentDoc,
    "\n  fragment ContractTimeline_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    effectiveEndDate\n    daysToExpiry\n    supplier {\n      id\n      name\n    }\n  }\n": typeof types.ContractTimeline_ContractFragmentDoc,
    "\n  fragment ContractUtilisation_contract on Contract {\n    id\n    ceiling\n    currency\n    startDate\n    effectiveEndDate\n    utilisation {\n      spend\n      lineCount\n      reportingCurrency\n      ceilingReporting\n      fxRate\n      fxMonth\n      share\n      remaining\n      burn {\n        month\n        spend\n        cumulative\n      }\n      runRateFrom\n      runRateTo\n      monthlyRunRate\n      ceilingReachedOn\n      projectedCeilingDate\n    }\n  }\n": typeof types.ContractUtilisation_ContractFragmentDoc,
    "\n  fragment ContractsTable_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n    supplier {\n      id\n      name\n    }\n    owner {\n      id\n      name\n    }\n  }\n": typeof types.ContractsTable_ContractFragmentDoc,
    "\n  mutation CreateContract($input: ContractInput!) {\n    createContract(input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.CreateContractDocument,
    "\n  mutation UpdateContract($id: ID!, $version: Int!, $input: ContractInput!) {\n    updateContract(id: $id, version: $version, input: $input) {\n      id\n      version\n    }\n  }\n": typeof types.UpdateContractDocument,
    "\n  mutation ActivateContract($id: ID!, $version: Int!) {\n    activateContract(id: $id, version: $version) {\n      id\n      version\n      status\n    }\n  }\n": typeof types.ActivateContractDocument,
    "\n  mutation TerminateContract($id: ID!, $version: Int!, $reason: String!, $terminatedOn: Date) {\n    terminateContract(id: $id, version: $version, reason: $reason, terminatedOn: $terminatedOn) {\n      id\n      version\n      status\n    }\n  }\n": typeof types.TerminateContractDocument,
    "\n  mutation DeleteContract($id: ID!, $version: Int!) {\n    deleteContract(id: $id, version: $version)\n  }\n": typeof types.DeleteContractDocument,
    "\n  query ExplorerMemberOptions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      currency\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      truncated\n    }\n  }\n": typeof types.ExplorerMemberOptionsDocument,
    "\n  query ExplorerMemberLabels($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      rows {\n        keys {\n          id\n          label\n        }\n      }\n    }\n  }\n": typeof types.ExplorerMemberLabelsDocument,
    "\n  fragment PivotGrid_cube on SpendCube {\n    currency\n    truncated\n    columns {\n      measure\n      label\n      kind\n      unit\n    }\n    rows {\n      keys {\n        dimension\n        id\n        label\n        rolledUp\n      }\n      values\n      depth\n    }\n    totals {\n      values\n    }\n    previousPeriod {\n      dateFrom\n      dateTo\n      months\n      days\n    }\n  }\n": typeof types.PivotGrid_CubeFragmentDoc,
    "\n  fragment ImportActions_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    rowCount\n    acceptedCount\n    contractCount\n    duplicateCount\n    totalAmount\n    committedAt\n    rolledBackAt\n  }\n": typeof types.ImportActions_BatchFragmentDoc,
    "\n  fragment ImportCounts_batch on ImportBatch {\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    warningCount\n    duplicateCount\n    totalAmount\n    totalsByCurrency {\n      currency\n      amount\n    }\n  }\n": typeof types.ImportCounts_BatchFragmentDoc,
    "\n  fragment ImportFileFacts_batch on ImportBatch {\n    sourceName\n    format\n    encoding\n    delimiter\n    headerRow\n    uploadedBy\n    createdAt\n    committedAt\n    rolledBackAt\n  }\n": typeof types.ImportFileFacts_BatchFragmentDoc,
    "\n  fragment ImportHistoryTable_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    format\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    totalAmount\n    uploadedBy\n    createdAt\n  }\n": typeof types.ImportHistoryTable_BatchFragmentDoc,
    "\n  fragment ImportPreviewTable_batch on ImportBatch {\n    preview(limit: 20) {\n      rowNumber\n      invoiceDate\n      amount\n      currency\n      amountReporting\n      supplierName\n      description\n      category\n      businessUnit\n      sourceRef\n    }\n  }\n": typeof types.ImportPreviewTable_BatchFragmentDoc,
    "\n  query ImportProblems($id: ID!, $severity: String, $page: PageInput) {\n    importBatch(id: $id) {\n      id\n      problems(severity: $severity, page: $page) {\n        totalCount\n        nodes {\n          rowNumber\n          severity\n          column\n          code\n          message\n          rawValue\n        }\n      }\n    }\n  }\n": typeof types.ImportProblemsDocument,
    "\n  fragment MappingEditor_batch on ImportBatch {\n    id\n    status\n    columns {\n      index\n      header\n      field\n      confidence\n    }\n    dateFormat\n    defaultCurrency\n    currencyBasis\n  }\n": typeof types.MappingEditor_BatchFragmentDoc,
    "\n  fragment LinesTable_line on SpendLine {\n    id\n    invoiceDate\n    supplierId\n    supplierName\n    categoryId\n    categoryName\n    classificationSource\n    classificationConfidence\n    businessUnitName\n    description\n    amount\n    currency\n    amountReporting\n    contractId\n    contractNumber\n    poNumber\n    quantity\n    unitPrice\n  }\n": typeof types.LinesTable_LineFragmentDoc,
    "\n  mutation ClassifySelectedLines($lineIds: [ID!], $categoryId: ID) {\n    classifyLines(lineIds: $lineIds, categoryId: $categoryId)\n  }\n": typeof types.ClassifySelectedLinesDocument,
    "\n  query LineCategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n  }\n": typeof types.LineCategoryOptionsDocument,
    "\n  query SpendLines($filter: SpendFilter, $sort: SpendLineSort, $page: PageInput) {\n    spendLines(filter: $filter, sort: $sort, page: $page) {\n      totalCount\n      totalAmount\n      currency\n      pageInfo {\n        offset\n        hasNextPage\n      }\n      nodes {\n        id\n        ...LinesTable_line\n      }\n    }\n  }\n": typeof types.SpendLinesDocument,
    "\n  query SavingsOpportunities($filter: SpendFilter) {\n    savingsOpportunities(filter: $filter) {\n      totalSpend\n      currency\n      tailSpend {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        allSuppliers\n        shareOfSpend\n      }\n      supplierFragmentation {\n        kind\n        amount\n        linesTotal\n        lineCount\n        categoryCount\n        shareOfSpend\n        categories(limit: 3) {\n          category {\n            id\n            name\n          }\n          supplierCount\n          suppliersForShare\n        }\n      }\n      offContract {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        shareOfSpend\n      }\n      priceVariance {\n        kind\n        amount\n        linesTotal\n        lineCount\n        itemCount\n        shareOfSpend\n        items(limit: 3) {\n          category {\n            id\n            name\n          }\n          description\n          excess\n        }\n      }\n    }\n  }\n": typeof types.SavingsOpportunitiesDocument,
    "\n  fragment SavedQuery_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n  }\n": typeof types.SavedQuery_ViewFragmentDoc,
    "\n  mutation CreateSavedQuery($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      ...SavedQuery_view\n    }\n  }\n": typeof types.CreateSavedQueryDocument,
    "\n  mutation UpdateSavedQuery($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedQuery_view\n    }\n  }\n": typeof types.UpdateSavedQueryDocument,
    "\n  mutation DeleteSavedQuery($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n": typeof types.DeleteSavedQueryDocument,
    "\n  mutation CreateSavedView($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      shared\n      version\n    }\n  }\n": typeof types.CreateSavedViewDocument,
    "\n  query SavedViewBanner($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      ownerId\n      ownerName\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n": typeof types.SavedViewBannerDocument,
    "\n  fragment SavedViewsTable_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n    updatedAt\n    period {\n      relative\n      dateFrom\n      dateTo\n    }\n  }\n": typeof types.SavedViewsTable_ViewFragmentDoc,
    "\n  mutation UpdateSavedView($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedViewsTable_view\n    }\n  }\n": typeof types.UpdateSavedViewDocument,
    "\n  mutation DeleteSavedView($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n": typeof types.DeleteSavedViewDocument,
    "\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n": typeof types.AppShell_UserFragmentDoc,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n": typeof types.SessionDocument,
    "\n  query Settings {\n    settings {\n      reportingCurrency\n      fiscalYearStartMonth\n      asOfDate\n      expiryWarningDays\n      pageDefault\n      pageMax\n      cubeDefaultRows\n      cubeMaxRows\n      importMaxBytes\n      tailSpendPercent\n      fragmentationSuppliers\n      fragmentationPercent\n      priceBenchmarkPercentile\n      priceVarianceMinLines\n    }\n  }\n": typeof types.SettingsDocument,
    "\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n": typeof types.KpiTiles_SummaryFragmentDoc,
    "\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": typeof types.SpendTrendChart_CubeFragmentDoc,
    "\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n": typeof types.SupplierParetoChart_CubeFragmentDoc,
    "\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": typeof types.TopCategories_CubeFragmentDoc,
    "\n  query ReportDelivery($id: ID!) {\n    me {\n      id\n    }\n    reportDeliverySettings {\n      enabled\n    }\n    reportSubscriptions(savedViewId: $id) {\n      id\n      format\n      frequency\n      dayOfWeek\n      dayOfMonth\n      workingDay\n      time\n      timeZone\n      scheduleText\n      paused\n      nextRunAt\n      lastRunAt\n      stoppedReason\n      editable\n      version\n      createdByName\n      recipients {\n        id\n        name\n        disabled\n      }\n    }\n    reportDeliveries(savedViewId: $id, limit: 50) {\n      id\n      subscriptionId\n      trigger\n      status\n      attempts\n      nextAttemptAt\n      sentAt\n      error\n      createdAt\n      recipient {\n        id\n        name\n      }\n    }\n    reportRecipientCandidates(savedViewId: $id) {\n      id\n      name\n      role\n    }\n  }\n": typeof types.ReportDeliveryDocument,
    "\n  mutation PauseReportSubscription($id: ID!) {\n    pauseReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n": typeof types.PauseReportSubscriptionDocument,
    "\n  mutation ResumeReportSubscription($id: ID!) {\n    resumeReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n": typeof types.ResumeReportSubscriptionDocument,
    "\n  mutation DeleteReportSubscription($id: ID!) {\n    deleteReportSubscription(id: $id)\n  }\n": typeof types.DeleteReportSubscriptionDocument,
    "\n  mutation SendReportSubscriptionNow($id: ID!) {\n    sendReportSubscriptionNow(id: $id) {\n      id\n      deliveries {\n        id\n        status\n      }\n    }\n  }\n": typeof types.SendReportSubscriptionNowDocument,
    "\n  mutation CreateReportSubscription($input: ReportSubscriptionInput!) {\n    createReportSubscription(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateReportSubscriptionDocument,
    "\n  mutation UpdateReportSubscription($id: ID!, $version: Int!, $input: ReportSubscriptionInput!) {\n    updateReportSubscription(id: $id, version: $version, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateReportSubscriptionDocument,
    "\n  fragment SupplierAliases_alias on SupplierAlias {\n    name\n    recorded\n    lineCount\n    spend\n  }\n": typeof types.SupplierAliases_AliasFragmentDoc,
    "\n  fragment SupplierCategories_row on SupplierCategorySpend {\n    category {\n      id\n      name\n      code\n      parent {\n        id\n        name\n      }\n    }\n    spend\n    lineCount\n    share\n  }\n": typeof types.SupplierCategories_RowFragmentDoc,
    "\n  fragment SupplierBusinessUnits_row on SupplierBusinessUnitSpend {\n    businessUnit {\n      id\n      name\n      code\n    }\n    spend\n    lineCount\n    share\n  }\n": typeof types.SupplierBusinessUnits_RowFragmentDoc,
    "\n  fragment SupplierContracts_contract on Contract {\n    id\n    number\n    title\n    status\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n  }\n": typeof types.SupplierContracts_ContractFragmentDoc,
    "\n  fragment SupplierDetailsPanel_supplier on Supplier {\n    id\n    name\n    normalizedName\n    countryCode\n    taxId\n    status\n    version\n  }\n": typeof types.SupplierDetailsPanel_SupplierFragmentDoc,
    "\n  mutation UpdateSupplier($id: ID!, $version: Int!, $input: UpdateSupplierInput!) {\n    updateSupplier(id: $id, version: $version, input: $input) {\n      id\n      name\n      countryCode\n      taxId\n      version\n      updatedAt\n    }\n  }\n": typeof types.UpdateSupplierDocument,
    "\n  fragment SupplierFamily_family on SupplierFamily {\n    head {\n      id\n      name\n    }\n    totalSpend\n    lineCount\n    members {\n      supplier {\n        id\n        name\n        countryCode\n      }\n      isHead\n      spend\n      lineCount\n      share\n    }\n  }\n": typeof types.SupplierFamily_FamilyFragmentDoc,
    "\n  fragment SupplierKpis_summary on SupplierSummary {\n    dateFrom\n    dateTo\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    businessUnitCount\n    onContractSpend\n    onContractShare\n    currency\n  }\n": typeof types.SupplierKpis_SummaryFragmentDoc,
    "\n  fragment SupplierStatusPanel_supplier on Supplier {\n    id\n    name\n    status\n    version\n    mergedInto {\n      id\n      name\n    }\n  }\n": typeof types.SupplierStatusPanel_SupplierFragmentDoc,
    "\n  mutation BlockSupplier($id: ID!, $version: Int!, $reason: String) {\n    blockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n": typeof types.BlockSupplierDocument,
    "\n  mutation UnblockSupplier($id: ID!, $version: Int!, $reason: String) {\n    unblockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n": typeof types.UnblockSupplierDocument,
    "\n  fragment SupplierTable_row on SupplierRow {\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    supplier {\n      id\n      name\n      countryCode\n      status\n      parent {\n        id\n        name\n      }\n    }\n  }\n": typeof types.SupplierTable_RowFragmentDoc,
    "\n  fragment SupplierTrendChart_month on SupplierMonth {\n    month\n    spend\n    lineCount\n  }\n": typeof types.SupplierTrendChart_MonthFragmentDoc,
    "\n  fragment PasswordLinkPanel_link on SetPasswordLink {\n    path\n    expiresAt\n  }\n": typeof types.PasswordLinkPanel_LinkFragmentDoc,
    "\n  query ScopeCoverage($role: Role!, $categoryIds: [ID!], $businessUnitIds: [ID!]) {\n    scopeCoverage(role: $role, categoryIds: $categoryIds, businessUnitIds: $businessUnitIds) {\n      spend\n      lineCount\n      totalSpend\n      totalLineCount\n      share\n    }\n  }\n": typeof types.ScopeCoverageDocument,
    "\n  fragment UserForm_user on User {\n    id\n    email\n    name\n    role\n    version\n    scope {\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n": typeof types.UserForm_UserFragmentDoc,
    "\n  fragment UsersTable_user on User {\n    id\n    email\n    name\n    role\n    version\n    disabledAt\n    passwordSet\n    updatedAt\n    scope {\n      categories {\n        id\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n    }\n  }\n": typeof types.UsersTable_UserFragmentDoc,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      user {\n        id\n        name\n        email\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation UpdateUser($id: ID!, $version: Int!, $input: UpdateUserInput!) {\n    updateUser(id: $id, version: $version, input: $input) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  mutation DisableUser($id: ID!, $version: Int!) {\n    disableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n": typeof types.DisableUserDocument,
    "\n  mutation EnableUser($id: ID!, $version: Int!) {\n    enableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n": typeof types.EnableUserDocument,
    "\n  mutation ResetUserPassword($id: ID!, $version: Int!, $password: String) {\n    resetUserPassword(id: $id, version: $version, password: $password) {\n      user {\n        id\n        ...UsersTable_user\n        ...UserForm_user\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n": typeof types.ResetUserPasswordDocument,
    "\n  query BusinessUnitOptions {\n    businessUnits {\n      id\n      code\n      name\n      parentId\n    }\n  }\n": typeof types.BusinessUnitOptionsDocument,
    "\n  query SupplierFilterSearch($search: String!, $filter: SpendFilter) {\n    suppliers(search: $search, filter: $filter, page: { limit: 8 }) {\n      nodes {\n        supplier {\n          id\n          name\n        }\n        spend\n      }\n    }\n  }\n": typeof types.SupplierFilterSearchDocument,
    "\n  query DisplayCurrencyRates {\n    fxRates {\n      id\n      currency\n    }\n  }\n": typeof types.DisplayCurrencyRatesDocument,
    "\n  query DisplayCurrencySources {\n    spendCube(query: { dimensions: [CURRENCY], measures: [LINE_COUNT], limit: 1000 }) {\n      rows {\n        keys {\n          dimension\n          id\n        }\n      }\n    }\n  }\n": typeof types.DisplayCurrencySourcesDocument,
    "\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n": typeof types.SpendFilterDataRangeDocument,
    "\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n    me {\n      id\n      scope {\n        businessUnits {\n          id\n          name\n        }\n        categories {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.FilterBarOptionsDocument,
    "\n  query FilterBarSuppliers($ids: [ID!]!) {\n    suppliersByIds(ids: $ids) {\n      id\n      name\n    }\n  }\n": typeof types.FilterBarSuppliersDocument,
    "\n  query AuditPage($filter: AuditEventFilter, $page: PageInput) {\n    auditEvents(filter: $filter, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...AuditTable_event\n      }\n    }\n  }\n": typeof types.AuditPageDocument,
    "\n  query AuditFilterOptions {\n    auditLogOptions {\n      actions\n      entities\n    }\n    users(page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n": typeof types.AuditFilterOptionsDocument,
    "\n  query ClassificationPage {\n    classificationRules {\n      id\n      ...RulesTable_rule\n    }\n  }\n": typeof types.ClassificationPageDocument,
    "\n  query FxRatesPage {\n    fxRates {\n      ...FxRatesTable_rate\n    }\n    linesWithoutFxRate\n  }\n": typeof types.FxRatesPageDocument,
    "\n  query SupplierMergesPage($minSimilarity: Float!) {\n    supplierMergeSuggestions(limit: 50, minSimilarity: $minSimilarity) {\n      ...MergeSuggestionsTable_suggestion\n    }\n    supplierMerges {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n": typeof types.SupplierMergesPageDocument,
    "\n  query TaxonomyPage {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n      version\n      spend\n      owner {\n        id\n        name\n      }\n    }\n    users(status: ACTIVE, page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n": typeof types.TaxonomyPageDocument,
    "\n  query UsersPage($search: String, $role: Role, $status: UserStatus, $page: PageInput) {\n    me {\n      id\n    }\n    users(search: $search, role: $role, status: $status, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...UsersTable_user\n      }\n    }\n  }\n": typeof types.UsersPageDocument,
    "\n  query UserEditor($id: ID!) {\n    user(id: $id) {\n      id\n      version\n      ...UserForm_user\n    }\n  }\n": typeof types.UserEditorDocument,
    "\n  query CategoriesPage($filter: SpendFilter) {\n    categoryTree(filter: $filter) {\n      dateFrom\n      dateTo\n      previousDateFrom\n      previousDateTo\n      nodes {\n        category {\n          id\n        }\n      }\n      ...CategoryTreeTable_tree\n    }\n  }\n": typeof types.CategoriesPageDocument,
    "\n  query CategoryPage($id: ID!, $filter: SpendFilter, $contracts: PageInput) {\n    category(id: $id) {\n      id\n      code\n      name\n      level\n      ownerName\n      ancestors {\n        id\n        name\n        ownerName\n      }\n      parent {\n        id\n        name\n      }\n      figures(filter: $filter) {\n        ...CategoryKpis_figures\n      }\n      children {\n        id\n        ...CategoryChildren_category\n      }\n      contracts(page: $contracts) {\n        ...CategoryContracts_page\n      }\n    }\n  }\n": typeof types.CategoryPageDocument,
    "\n  query CategoryCharts($trend: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    trend: spendCube(query: $trend) {\n      ...CategoryTrendChart_cube\n    }\n    suppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n": typeof types.CategoryChartsDocument,
    "\n  query ContractEdit($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n      }\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n": typeof types.ContractEditDocument,
    "\n  query ContractFormOptions {\n    me {\n      id\n    }\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n": typeof types.ContractFormOptionsDocument,
    "\n  query ContractPage($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      effectiveEndDate\n      daysToExpiry\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      terminatedAt\n      terminationReason\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n        name\n      }\n      categories {\n        id\n        code\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n      utilisation {\n        lineCount\n      }\n      ...ContractUtilisation_contract\n      ...ContractLeakage_contract\n    }\n  }\n": typeof types.ContractPageDocument,
    "\n  query ContractsPage($filter: ContractFilter, $page: PageInput) {\n    contracts(filter: $filter, page: $page) {\n      totalCount\n      statusCounts {\n        status\n        count\n      }\n      nodes {\n        id\n        ...ContractsTable_contract\n        ...ContractTimeline_contract\n      }\n    }\n  }\n": typeof types.ContractsPageDocument,
    "\n  query ContractFilterOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n": typeof types.ContractFilterOptionsDocument,
    "\n  query Explorer($rowTotals: SpendCubeQuery!, $cells: SpendCubeQuery!, $withColumns: Boolean!) {\n    rowTotals: spendCube(query: $rowTotals) {\n      ...PivotGrid_cube\n    }\n    cells: spendCube(query: $cells) @include(if: $withColumns) {\n      ...PivotGrid_cube\n    }\n  }\n": typeof types.ExplorerDocument,
    "\n  fragment ImportBatchPage_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    failure\n    notes\n    rowCount\n    acceptedCount\n    warningCount\n    rejectedCount\n    duplicateCount\n    updatedAt\n    progress {\n      phase\n      rowsProcessed\n    }\n    ...ImportFileFacts_batch\n    ...MappingEditor_batch\n    ...ImportCounts_batch\n    ...ImportPreviewTable_batch\n    ...ImportActions_batch\n  }\n": typeof types.ImportBatchPage_BatchFragmentDoc,
    "\n  query ImportBatchPage($id: ID!) {\n    importBatch(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": typeof types.ImportBatchPageDocument,
    "\n  query ImportProgress($id: ID!) {\n    importBatch(id: $id) {\n      id\n      progress {\n        phase\n        rowsProcessed\n      }\n    }\n  }\n": typeof types.ImportProgressDocument,
    "\n  query ImportsPage($page: PageInput) {\n    importBatches(page: $page) {\n      totalCount\n      nodes {\n        id\n        ...ImportHistoryTable_batch\n      }\n    }\n    sources: importBatches(page: { limit: 500 }) {\n      nodes {\n        id\n        sourceName\n      }\n    }\n  }\n": typeof types.ImportsPageDocument,
    "\n  mutation ValidateImport($id: ID!, $mapping: ImportMappingInput!) {\n    validateImport(id: $id, mapping: $mapping) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": typeof types.ValidateImportDocument,
    "\n  mutation CommitImport($id: ID!) {\n    commitImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": typeof types.CommitImportDocument,
    "\n  mutation RollbackImport($id: ID!) {\n    rollbackImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": typeof types.RollbackImportDocument,
    "\n  mutation DiscardImport($id: ID!) {\n    discardImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": typeof types.DiscardImportDocument,
    "\n  query LineDrillNames {\n    categories {\n      id\n      name\n    }\n    businessUnits {\n      id\n      name\n    }\n  }\n": typeof types.LineDrillNamesDocument,
    "\n  query LoginSession {\n    me {\n      id\n    }\n  }\n": typeof types.LoginSessionDocument,
    "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n": typeof types.OverviewDocument,
    "\n  query SavedQuery($id: ID!) {\n    savedView(id: $id) {\n      ...SavedQuery_view\n    }\n  }\n": typeof types.SavedQueryDocument,
    "\n  query ReportDeliveryView($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      kind\n      ownerName\n      shared\n    }\n  }\n": typeof types.ReportDeliveryViewDocument,
    "\n  query SavedViews {\n    savedViews {\n      id\n      ...SavedViewsTable_view\n    }\n  }\n": typeof types.SavedViewsDocument,
    "\n  query SavedViewOpen($id: ID!) {\n    savedView(id: $id) {\n      id\n      kind\n      definition\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n": typeof types.SavedViewOpenDocument,
    "\n  query PasswordLink($token: String!) {\n    passwordLinkStatus(token: $token) {\n      valid\n      email\n      expiresAt\n    }\n  }\n": typeof types.PasswordLinkDocument,
    "\n  mutation SetPassword($token: String!, $password: String!) {\n    setPassword(token: $token, password: $password)\n  }\n": typeof types.SetPasswordDocument,
    "\n  query SupplierPage($id: ID!, $filter: SpendFilter) {\n    supplier(id: $id) {\n      id\n      name\n      countryCode\n      taxId\n      status\n      parent {\n        id\n        name\n      }\n      summary(filter: $filter) {\n        lineCount\n        currency\n        ...SupplierKpis_summary\n      }\n      monthlySpend(filter: $filter) {\n        ...SupplierTrendChart_month\n      }\n      categorySpend(filter: $filter) {\n        ...SupplierCategories_row\n      }\n      businessUnitSpend(filter: $filter) {\n        ...SupplierBusinessUnits_row\n      }\n      aliasUsage(filter: $filter) {\n        ...SupplierAliases_alias\n      }\n      family(filter: $filter) {\n        ...SupplierFamily_family\n      }\n      ...SupplierStatusPanel_supplier\n      ...SupplierDetailsPanel_supplier\n    }\n    contracts(filter: { supplierId: $id }, page: { limit: 500 }) {\n      totalCount\n      nodes {\n        id\n        ...SupplierContracts_contract\n      }\n    }\n  }\n": typeof types.SupplierPageDocument,
    "\n  query SuppliersPage($search: String, $filter: SpendFilter, $only: SupplierFilter, $sort: SupplierSort, $page: PageInput) {\n    suppliers(search: $search, filter: $filter, supplierFilter: $only, sort: $sort, page: $page) {\n      totalCount\n      dateFrom\n      dateTo\n      nodes {\n        supplier {\n          id\n        }\n        ...SupplierTable_row\n      }\n    }\n  }\n": typeof types.SuppliersPageDocument,
    "\n  query SupplierCountries($filter: SpendFilter) {\n    supplierCountries(filter: $filter) {\n      code\n      supplierCount\n    }\n  }\n": typeof types.SupplierCountriesDocument,
    "\n  query SupplierFamilyName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.SupplierFamilyNameDocument,
};
const documents: Documents = {
    "\n  query FilterBarLinesWithoutRate($filter: SpendFilter!) {\n    linesWithoutFxRate(filter: $filter)\n  }\n": types.FilterBarLinesWithoutRateDocument,
    "\n  fragment FxRatesTable_rate on FxRate {\n    id\n    version\n    currency\n    month\n    rateToReporting\n    updatedAt\n  }\n": types.FxRatesTable_RateFragmentDoc,
    "\n  fragment MergeHistoryTable_merge on SupplierMerge {\n    id\n    source {\n      id\n      name\n    }\n    target {\n      id\n      name\n    }\n    linesMoved\n    mergedAt\n    undoneAt\n  }\n": types.MergeHistoryTable_MergeFragmentDoc,
    "\n  fragment MergeSuggestionsTable_suggestion on SupplierMergeSuggestion {\n    keep {\n      id\n      name\n      version\n      spend {\n        lineCount\n      }\n    }\n    merge {\n      id\n      name\n      version\n      aliases\n      spend {\n        lineCount\n      }\n    }\n    similarity\n    spendAtStake\n  }\n": types.MergeSuggestionsTable_SuggestionFragmentDoc,
    "\n  fragment RulesTable_rule on ClassificationRule {\n    id\n    priority\n    supplierId\n    glAccountId\n    costCenterId\n    descriptionContains\n    rawSupplierNameMatches\n    sourceCategoryContains\n    category {\n      id\n      code\n      name\n    }\n    enabled\n    version\n    updatedAt\n  }\n": types.RulesTable_RuleFragmentDoc,
    "\n  query SupplierPicker($search: String!, $limit: Int!) {\n    suppliers(search: $search, sort: { field: SPEND, direction: DESC }, page: { limit: $limit }) {\n      nodes {\n        supplier {\n          id\n          name\n          status\n          version\n        }\n        lineCount\n      }\n    }\n  }\n": types.SupplierPickerDocument,
    "\n  query SupplierName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n": types.SupplierNameDocument,
    "\n  mutation MergeSuppliers($sourceId: ID!, $targetId: ID!, $sourceVersion: Int, $targetVersion: Int) {\n    mergeSuppliers(sourceId: $sourceId, targetId: $targetId, sourceVersion: $sourceVersion, targetVersion: $targetVersion) {\n      id\n      linesMoved\n      ...MergeHistoryTable_merge\n    }\n  }\n": types.MergeSuppliersDocument,
    "\n  mutation UndoSupplierMerge($id: ID!) {\n    undoSupplierMerge(id: $id) {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n": types.UndoSupplierMergeDocument,
    "\n  mutation DismissMergeSuggestion($supplierA: ID!, $supplierB: ID!) {\n    dismissMergeSuggestion(supplierA: $supplierA, supplierB: $supplierB)\n  }\n": types.DismissMergeSuggestionDocument,
    "\n  mutation SetSupplierParent($id: ID!, $parentId: ID, $version: Int) {\n    setSupplierParent(id: $id, parentId: $parentId, version: $version) {\n      id\n      name\n      version\n      parent {\n        id\n        name\n      }\n    }\n  }\n": types.SetSupplierParentDocument,
    "\n  mutation CreateClassificationRule($input: ClassificationRuleInput!) {\n    createClassificationRule(input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n": types.CreateClassificationRuleDocument,
    "\n  mutation UpdateClassificationRule($id: ID!, $version: Int!, $input: ClassificationRuleInput!) {\n    updateClassificationRule(id: $id, version: $version, input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n": types.UpdateClassificationRuleDocument,
    "\n  mutation DeleteClassificationRule($id: ID!, $version: Int) {\n    deleteClassificationRule(id: $id, version: $version)\n  }\n": types.DeleteClassificationRuleDocument,
    "\n  mutation RunClassificationRules {\n    runClassificationRules {\n      ruleClassified\n      unclassified\n      changed\n      durationMs\n    }\n  }\n": types.RunClassificationRulesDocument,
    "\n  mutation ClassifySupplierLines($supplierId: ID!, $categoryId: ID) {\n    classifyLines(supplierId: $supplierId, categoryId: $categoryId)\n  }\n": types.ClassifySupplierLinesDocument,
    "\n  mutation CreateCategory($input: CreateCategoryInput!) {\n    createCategory(input: $input) {\n      id\n      code\n      name\n    }\n  }\n": types.CreateCategoryDocument,
    "\n  mutation UpdateCategory($id: ID!, $version: Int!, $input: UpdateCategoryInput!) {\n    updateCategory(id: $id, version: $version, input: $input) {\n      id\n      name\n      level\n      parentId\n      version\n    }\n  }\n": types.UpdateCategoryDocument,
    "\n  mutation SetFxRate($input: FxRateInput!) {\n    setFxRate(input: $input) {\n      rate {\n        id\n        version\n        currency\n        month\n        rateToReporting\n      }\n      replaced\n      linesConverted\n    }\n  }\n": types.SetFxRateDocument,
    "\n  query CategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n    }\n  }\n": types.CategoryOptionsDocument,
    "\n  query LedgerCodes {\n    costCenters {\n      id\n      code\n      name\n    }\n    glAccounts {\n      id\n      code\n      name\n    }\n  }\n": types.LedgerCodesDocument,
    "\n  fragment AuditTable_event on AuditEvent {\n    id\n    at\n    userId\n    userName\n    userEmail\n    action\n    entity\n    entityId\n    label\n    changes {\n      field\n      kind\n      before\n      after\n    }\n  }\n": types.AuditTable_EventFragmentDoc,
    "\n  fragment CategoryChildren_category on Category {\n    id\n    name\n    level\n    figures(filter: $filter) {\n      spend\n      change\n      shareOfParent\n      supplierCount\n      onContractShare\n      lineCount\n    }\n  }\n": types.CategoryChildren_CategoryFragmentDoc,
    "\n  fragment CategoryContracts_page on ContractPage {\n    totalCount\n    nodes {\n      id\n      number\n      title\n      status\n      endDate\n      ceiling\n      currency\n      supplier {\n        id\n        name\n      }\n    }\n  }\n": types.CategoryContracts_PageFragmentDoc,
    "\n  query CategoryEmissions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      columns {\n        measure\n        unit\n      }\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      totals {\n        values\n      }\n    }\n  }\n": types.CategoryEmissionsDocument,
    "\n  fragment CategoryKpis_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n": types.CategoryKpis_FiguresFragmentDoc,
    "\n  fragment CategoryTreeTable_tree on CategoryTree {\n    currency\n    total {\n      ...CategoryTreeTable_figures\n    }\n    unclassified {\n      ...CategoryTreeTable_figures\n    }\n    nodes {\n      category {\n        id\n        code\n        name\n        level\n        parentId\n        ownerName\n      }\n      figures {\n        ...CategoryTreeTable_figures\n      }\n    }\n  }\n": types.CategoryTreeTable_TreeFragmentDoc,
    "\n  fragment CategoryTreeTable_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n": types.CategoryTreeTable_FiguresFragmentDoc,
    "\n  fragment CategoryTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n      }\n      values\n    }\n  }\n": types.CategoryTrendChart_CubeFragmentDoc,
    "\n  fragment ClassifierStatusCard_status on ClassifierStatus {\n    version\n    trainedAt\n    method\n    trainingLines\n    categories\n    crossValidatedAccuracy\n    scoredLines\n    training\n    lastError\n    autoClassify\n    autoClassifyThreshold\n    defaultThreshold\n  }\n": types.ClassifierStatusCard_StatusFragmentDoc,
    "\n  fragment CoverageBar_coverage on ClassificationCoverage {\n    total\n    file\n    rule\n    person\n    model\n    unclassified\n    modelLines\n    unclassifiedLines\n    currency\n  }\n": types.CoverageBar_CoverageFragmentDoc,
    "\n  fragment DecisionsTable_action on ClassificationAction {\n    id\n    kind\n    lines\n    spend\n    modelVersion\n    userEmail\n    createdAt\n    undoneAt\n    restoredLines\n    ruleIds\n  }\n": types.DecisionsTable_ActionFragmentDoc,
    "\n  fragment DisputedRulesTable_dispute on DisputedRule {\n    rule {\n      id\n      ...RulesTable_rule\n    }\n    suggestedCategory {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    ruleLines\n  }\n": types.DisputedRulesTable_DisputeFragmentDoc,
    "\n  fragment GroupLinesTable_suggestion on ClassificationSuggestion {\n    line {\n      id\n      invoiceDate\n      description\n      amount\n      currency\n      amountReporting\n      businessUnitName\n    }\n    category {\n      id\n      name\n    }\n    confidence\n    alternatives {\n      category {\n        id\n        name\n      }\n      confidence\n    }\n    reasons\n  }\n": types.GroupLinesTable_SuggestionFragmentDoc,
    "\n  fragment SuggestionGroupsTable_group on ClassificationSuggestionGroup {\n    supplierId\n    supplierName\n    category {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    minConfidence\n    reasons\n  }\n": types.SuggestionGroupsTable_GroupFragmentDoc,
    "\n  query ClassificationCoverage($filter: SpendFilter) {\n    classificationCoverage(filter: $filter) {\n      ...CoverageBar_coverage\n    }\n  }\n": types.ClassificationCoverageDocument,
    "\n  query ClassifierStatus {\n    classifierStatus {\n      ...ClassifierStatusCard_status\n    }\n  }\n": types.ClassifierStatusDocument,
    "\n  query ClassificationReviewGroups($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestionGroups(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...SuggestionGroupsTable_group\n      }\n      totalCount\n      totalLines\n      totalAmount\n      currency\n    }\n  }\n": types.ClassificationReviewGroupsDocument,
    "\n  query ClassificationGroupLines($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestions(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...GroupLinesTable_suggestion\n      }\n      totalCount\n      totalAmount\n      currency\n    }\n  }\n": types.ClassificationGroupLinesDocument,
    "\n  query ClassificationActions($page: PageInput) {\n    classificationActions(page: $page) {\n      nodes {\n        id\n        ...DecisionsTable_action\n      }\n      totalCount\n    }\n  }\n": types.ClassificationActionsDocument,
    "\n  query DisputedRules {\n    disputedRules {\n      ...DisputedRulesTable_dispute\n    }\n  }\n": types.DisputedRulesDocument,
    "\n  query ReviewImportBatches {\n    classificationSuggestionBatches {\n      id\n      fileName\n      sourceName\n      committedAt\n      lines\n    }\n  }\n": types.ReviewImportBatchesDocument,
    "\n  mutation AcceptClassificationSuggestions($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n": types.AcceptClassificationSuggestionsDocument,
    "\n  mutation AcceptClassificationSuggestionsAsRules($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestionsAsRules(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n": types.AcceptClassificationSuggestionsAsRulesDocument,
    "\n  mutation RejectClassificationSuggestions($input: ClassificationDecisionInput!) {\n    rejectClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n": types.RejectClassificationSuggestionsDocument,
    "\n  mutation UndoClassificationAction($id: ID!) {\n    undoClassificationAction(id: $id) {\n      id\n      lines\n      restoredLines\n      ...DecisionsTable_action\n    }\n  }\n": types.UndoClassificationActionDocument,
    "\n  mutation RetrainClassifier {\n    retrainClassifier {\n      ...ClassifierStatusCard_status\n    }\n  }\n": types.RetrainClassifierDocument,
    "\n  mutation SetAutoClassify($enabled: Boolean!, $threshold: Float) {\n    setAutoClassify(enabled: $enabled, threshold: $threshold) {\n      ...ClassifierStatusCard_status\n    }\n  }\n": types.SetAutoClassifyDocument,
    "\n  fragment ContractLeakage_contract on Contract {\n    id\n    number\n    categories {\n      id\n    }\n    businessUnits {\n      id\n    }\n    leakage {\n      dateFrom\n      dateTo\n      addressableSpend\n      spend\n      share\n      lineCount\n      supplierCount\n      suppliers(limit: 10) {\n        supplier {\n          id\n          name\n        }\n        spend\n        lineCount\n        contractParty\n      }\n    }\n  }\n": types.ContractLeakage_ContractFragmentDoc,
    "\n  fragment ContractTimeline_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    effectiveEndDate\n    daysToExpiry\n    supplier {\n      id\n      name\n    }\n  }\n": types.ContractTimeline_ContractFragmentDoc,
    "\n  fragment ContractUtilisation_contract on Contract {\n    id\n    ceiling\n    currency\n    startDate\n    effectiveEndDate\n    utilisation {\n      spend\n      lineCount\n      reportingCurrency\n      ceilingReporting\n      fxRate\n      fxMonth\n      share\n      remaining\n      burn {\n        month\n        spend\n        cumulative\n      }\n      runRateFrom\n      runRateTo\n      monthlyRunRate\n      ceilingReachedOn\n      projectedCeilingDate\n    }\n  }\n": types.ContractUtilisation_ContractFragmentDoc,
    "\n  fragment ContractsTable_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n    supplier {\n      id\n      name\n    }\n    owner {\n      id\n      name\n    }\n  }\n": types.ContractsTable_ContractFragmentDoc,
    "\n  mutation CreateContract($input: ContractInput!) {\n    createContract(input: $input) {\n      id\n      version\n    }\n  }\n": types.CreateContractDocument,
    "\n  mutation UpdateContract($id: ID!, $version: Int!, $input: ContractInput!) {\n    updateContract(id: $id, version: $version, input: $input) {\n      id\n      version\n    }\n  }\n": types.UpdateContractDocument,
    "\n  mutation ActivateContract($id: ID!, $version: Int!) {\n    activateContract(id: $id, version: $version) {\n      id\n      version\n      status\n    }\n  }\n": types.ActivateContractDocument,
    "\n  mutation TerminateContract($id: ID!, $version: Int!, $reason: String!, $terminatedOn: Date) {\n    terminateContract(id: $id, version: $version, reason: $reason, terminatedOn: $terminatedOn) {\n      id\n      version\n      status\n    }\n  }\n": types.TerminateContractDocument,
    "\n  mutation DeleteContract($id: ID!, $version: Int!) {\n    deleteContract(id: $id, version: $version)\n  }\n": types.DeleteContractDocument,
    "\n  query ExplorerMemberOptions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      currency\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      truncated\n    }\n  }\n": types.ExplorerMemberOptionsDocument,
    "\n  query ExplorerMemberLabels($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      rows {\n        keys {\n          id\n          label\n        }\n      }\n    }\n  }\n": types.ExplorerMemberLabelsDocument,
    "\n  fragment PivotGrid_cube on SpendCube {\n    currency\n    truncated\n    columns {\n      measure\n      label\n      kind\n      unit\n    }\n    rows {\n      keys {\n        dimension\n        id\n        label\n        rolledUp\n      }\n      values\n      depth\n    }\n    totals {\n      values\n    }\n    previousPeriod {\n      dateFrom\n      dateTo\n      months\n      days\n    }\n  }\n": types.PivotGrid_CubeFragmentDoc,
    "\n  fragment ImportActions_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    rowCount\n    acceptedCount\n    contractCount\n    duplicateCount\n    totalAmount\n    committedAt\n    rolledBackAt\n  }\n": types.ImportActions_BatchFragmentDoc,
    "\n  fragment ImportCounts_batch on ImportBatch {\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    warningCount\n    duplicateCount\n    totalAmount\n    totalsByCurrency {\n      currency\n      amount\n    }\n  }\n": types.ImportCounts_BatchFragmentDoc,
    "\n  fragment ImportFileFacts_batch on ImportBatch {\n    sourceName\n    format\n    encoding\n    delimiter\n    headerRow\n    uploadedBy\n    createdAt\n    committedAt\n    rolledBackAt\n  }\n": types.ImportFileFacts_BatchFragmentDoc,
    "\n  fragment ImportHistoryTable_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    format\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    totalAmount\n    uploadedBy\n    createdAt\n  }\n": types.ImportHistoryTable_BatchFragmentDoc,
    "\n  fragment ImportPreviewTable_batch on ImportBatch {\n    preview(limit: 20) {\n      rowNumber\n      invoiceDate\n      amount\n      currency\n      amountReporting\n      supplierName\n      description\n      category\n      businessUnit\n      sourceRef\n    }\n  }\n": types.ImportPreviewTable_BatchFragmentDoc,
    "\n  query ImportProblems($id: ID!, $severity: String, $page: PageInput) {\n    importBatch(id: $id) {\n      id\n      problems(severity: $severity, page: $page) {\n        totalCount\n        nodes {\n          rowNumber\n          severity\n          column\n          code\n          message\n          rawValue\n        }\n      }\n    }\n  }\n": types.ImportProblemsDocument,
    "\n  fragment MappingEditor_batch on ImportBatch {\n    id\n    status\n    columns {\n      index\n      header\n      field\n      confidence\n    }\n    dateFormat\n    defaultCurrency\n    currencyBasis\n  }\n": types.MappingEditor_BatchFragmentDoc,
    "\n  fragment LinesTable_line on SpendLine {\n    id\n    invoiceDate\n    supplierId\n    supplierName\n    categoryId\n    categoryName\n    classificationSource\n    classificationConfidence\n    businessUnitName\n    description\n    amount\n    currency\n    amountReporting\n    contractId\n    contractNumber\n    poNumber\n    quantity\n    unitPrice\n  }\n": types.LinesTable_LineFragmentDoc,
    "\n  mutation ClassifySelectedLines($lineIds: [ID!], $categoryId: ID) {\n    classifyLines(lineIds: $lineIds, categoryId: $categoryId)\n  }\n": types.ClassifySelectedLinesDocument,
    "\n  query LineCategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n  }\n": types.LineCategoryOptionsDocument,
    "\n  query SpendLines($filter: SpendFilter, $sort: SpendLineSort, $page: PageInput) {\n    spendLines(filter: $filter, sort: $sort, page: $page) {\n      totalCount\n      totalAmount\n      currency\n      pageInfo {\n        offset\n        hasNextPage\n      }\n      nodes {\n        id\n        ...LinesTable_line\n      }\n    }\n  }\n": types.SpendLinesDocument,
    "\n  query SavingsOpportunities($filter: SpendFilter) {\n    savingsOpportunities(filter: $filter) {\n      totalSpend\n      currency\n      tailSpend {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        allSuppliers\n        shareOfSpend\n      }\n      supplierFragmentation {\n        kind\n        amount\n        linesTotal\n        lineCount\n        categoryCount\n        shareOfSpend\n        categories(limit: 3) {\n          category {\n            id\n            name\n          }\n          supplierCount\n          suppliersForShare\n        }\n      }\n      offContract {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        shareOfSpend\n      }\n      priceVariance {\n        kind\n        amount\n        linesTotal\n        lineCount\n        itemCount\n        shareOfSpend\n        items(limit: 3) {\n          category {\n            id\n            name\n          }\n          description\n          excess\n        }\n      }\n    }\n  }\n": types.SavingsOpportunitiesDocument,
    "\n  fragment SavedQuery_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n  }\n": types.SavedQuery_ViewFragmentDoc,
    "\n  mutation CreateSavedQuery($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      ...SavedQuery_view\n    }\n  }\n": types.CreateSavedQueryDocument,
    "\n  mutation UpdateSavedQuery($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedQuery_view\n    }\n  }\n": types.UpdateSavedQueryDocument,
    "\n  mutation DeleteSavedQuery($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n": types.DeleteSavedQueryDocument,
    "\n  mutation CreateSavedView($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      shared\n      version\n    }\n  }\n": types.CreateSavedViewDocument,
    "\n  query SavedViewBanner($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      ownerId\n      ownerName\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n": types.SavedViewBannerDocument,
    "\n  fragment SavedViewsTable_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n    updatedAt\n    period {\n      relative\n      dateFrom\n      dateTo\n    }\n  }\n": types.SavedViewsTable_ViewFragmentDoc,
    "\n  mutation UpdateSavedView($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedViewsTable_view\n    }\n  }\n": types.UpdateSavedViewDocument,
    "\n  mutation DeleteSavedView($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n": types.DeleteSavedViewDocument,
    "\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n": types.AppShell_UserFragmentDoc,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n": types.SessionDocument,
    "\n  query Settings {\n    settings {\n      reportingCurrency\n      fiscalYearStartMonth\n      asOfDate\n      expiryWarningDays\n      pageDefault\n      pageMax\n      cubeDefaultRows\n      cubeMaxRows\n      importMaxBytes\n      tailSpendPercent\n      fragmentationSuppliers\n      fragmentationPercent\n      priceBenchmarkPercentile\n      priceVarianceMinLines\n    }\n  }\n": types.SettingsDocument,
    "\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n": types.KpiTiles_SummaryFragmentDoc,
    "\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": types.SpendTrendChart_CubeFragmentDoc,
    "\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n": types.SupplierParetoChart_CubeFragmentDoc,
    "\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": types.TopCategories_CubeFragmentDoc,
    "\n  query ReportDelivery($id: ID!) {\n    me {\n      id\n    }\n    reportDeliverySettings {\n      enabled\n    }\n    reportSubscriptions(savedViewId: $id) {\n      id\n      format\n      frequency\n      dayOfWeek\n      dayOfMonth\n      workingDay\n      time\n      timeZone\n      scheduleText\n      paused\n      nextRunAt\n      lastRunAt\n      stoppedReason\n      editable\n      version\n      createdByName\n      recipients {\n        id\n        name\n        disabled\n      }\n    }\n    reportDeliveries(savedViewId: $id, limit: 50) {\n      id\n      subscriptionId\n      trigger\n      status\n      attempts\n      nextAttemptAt\n      sentAt\n      error\n      createdAt\n      recipient {\n        id\n        name\n      }\n    }\n    reportRecipientCandidates(savedViewId: $id) {\n      id\n      name\n      role\n    }\n  }\n": types.ReportDeliveryDocument,
    "\n  mutation PauseReportSubscription($id: ID!) {\n    pauseReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n": types.PauseReportSubscriptionDocument,
    "\n  mutation ResumeReportSubscription($id: ID!) {\n    resumeReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n": types.ResumeReportSubscriptionDocument,
    "\n  mutation DeleteReportSubscription($id: ID!) {\n    deleteReportSubscription(id: $id)\n  }\n": types.DeleteReportSubscriptionDocument,
    "\n  mutation SendReportSubscriptionNow($id: ID!) {\n    sendReportSubscriptionNow(id: $id) {\n      id\n      deliveries {\n        id\n        status\n      }\n    }\n  }\n": types.SendReportSubscriptionNowDocument,
    "\n  mutation CreateReportSubscription($input: ReportSubscriptionInput!) {\n    createReportSubscription(input: $input) {\n      id\n    }\n  }\n": types.CreateReportSubscriptionDocument,
    "\n  mutation UpdateReportSubscription($id: ID!, $version: Int!, $input: ReportSubscriptionInput!) {\n    updateReportSubscription(id: $id, version: $version, input: $input) {\n      id\n    }\n  }\n": types.UpdateReportSubscriptionDocument,
    "\n  fragment SupplierAliases_alias on SupplierAlias {\n    name\n    recorded\n    lineCount\n    spend\n  }\n": types.SupplierAliases_AliasFragmentDoc,
    "\n  fragment SupplierCategories_row on SupplierCategorySpend {\n    category {\n      id\n      name\n      code\n      parent {\n        id\n        name\n      }\n    }\n    spend\n    lineCount\n    share\n  }\n": types.SupplierCategories_RowFragmentDoc,
    "\n  fragment SupplierBusinessUnits_row on SupplierBusinessUnitSpend {\n    businessUnit {\n      id\n      name\n      code\n    }\n    spend\n    lineCount\n    share\n  }\n": types.SupplierBusinessUnits_RowFragmentDoc,
    "\n  fragment SupplierContracts_contract on Contract {\n    id\n    number\n    title\n    status\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n  }\n": types.SupplierContracts_ContractFragmentDoc,
    "\n  fragment SupplierDetailsPanel_supplier on Supplier {\n    id\n    name\n    normalizedName\n    countryCode\n    taxId\n    status\n    version\n  }\n": types.SupplierDetailsPanel_SupplierFragmentDoc,
    "\n  mutation UpdateSupplier($id: ID!, $version: Int!, $input: UpdateSupplierInput!) {\n    updateSupplier(id: $id, version: $version, input: $input) {\n      id\n      name\n      countryCode\n      taxId\n      version\n      updatedAt\n    }\n  }\n": types.UpdateSupplierDocument,
    "\n  fragment SupplierFamily_family on SupplierFamily {\n    head {\n      id\n      name\n    }\n    totalSpend\n    lineCount\n    members {\n      supplier {\n        id\n        name\n        countryCode\n      }\n      isHead\n      spend\n      lineCount\n      share\n    }\n  }\n": types.SupplierFamily_FamilyFragmentDoc,
    "\n  fragment SupplierKpis_summary on SupplierSummary {\n    dateFrom\n    dateTo\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    businessUnitCount\n    onContractSpend\n    onContractShare\n    currency\n  }\n": types.SupplierKpis_SummaryFragmentDoc,
    "\n  fragment SupplierStatusPanel_supplier on Supplier {\n    id\n    name\n    status\n    version\n    mergedInto {\n      id\n      name\n    }\n  }\n": types.SupplierStatusPanel_SupplierFragmentDoc,
    "\n  mutation BlockSupplier($id: ID!, $version: Int!, $reason: String) {\n    blockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n": types.BlockSupplierDocument,
    "\n  mutation UnblockSupplier($id: ID!, $version: Int!, $reason: String) {\n    unblockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n": types.UnblockSupplierDocument,
    "\n  fragment SupplierTable_row on SupplierRow {\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    supplier {\n      id\n      name\n      countryCode\n      status\n      parent {\n        id\n        name\n      }\n    }\n  }\n": types.SupplierTable_RowFragmentDoc,
    "\n  fragment SupplierTrendChart_month on SupplierMonth {\n    month\n    spend\n    lineCount\n  }\n": types.SupplierTrendChart_MonthFragmentDoc,
    "\n  fragment PasswordLinkPanel_link on SetPasswordLink {\n    path\n    expiresAt\n  }\n": types.PasswordLinkPanel_LinkFragmentDoc,
    "\n  query ScopeCoverage($role: Role!, $categoryIds: [ID!], $businessUnitIds: [ID!]) {\n    scopeCoverage(role: $role, categoryIds: $categoryIds, businessUnitIds: $businessUnitIds) {\n      spend\n      lineCount\n      totalSpend\n      totalLineCount\n      share\n    }\n  }\n": types.ScopeCoverageDocument,
    "\n  fragment UserForm_user on User {\n    id\n    email\n    name\n    role\n    version\n    scope {\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n": types.UserForm_UserFragmentDoc,
    "\n  fragment UsersTable_user on User {\n    id\n    email\n    name\n    role\n    version\n    disabledAt\n    passwordSet\n    updatedAt\n    scope {\n      categories {\n        id\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n    }\n  }\n": types.UsersTable_UserFragmentDoc,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      user {\n        id\n        name\n        email\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n": types.CreateUserDocument,
    "\n  mutation UpdateUser($id: ID!, $version: Int!, $input: UpdateUserInput!) {\n    updateUser(id: $id, version: $version, input: $input) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n": types.UpdateUserDocument,
    "\n  mutation DisableUser($id: ID!, $version: Int!) {\n    disableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n": types.DisableUserDocument,
    "\n  mutation EnableUser($id: ID!, $version: Int!) {\n    enableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n": types.EnableUserDocument,
    "\n  mutation ResetUserPassword($id: ID!, $version: Int!, $password: String) {\n    resetUserPassword(id: $id, version: $version, password: $password) {\n      user {\n        id\n        ...UsersTable_user\n        ...UserForm_user\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n": types.ResetUserPasswordDocument,
    "\n  query BusinessUnitOptions {\n    businessUnits {\n      id\n      code\n      name\n      parentId\n    }\n  }\n": types.BusinessUnitOptionsDocument,
    "\n  query SupplierFilterSearch($search: String!, $filter: SpendFilter) {\n    suppliers(search: $search, filter: $filter, page: { limit: 8 }) {\n      nodes {\n        supplier {\n          id\n          name\n        }\n        spend\n      }\n    }\n  }\n": types.SupplierFilterSearchDocument,
    "\n  query DisplayCurrencyRates {\n    fxRates {\n      id\n      currency\n    }\n  }\n": types.DisplayCurrencyRatesDocument,
    "\n  query DisplayCurrencySources {\n    spendCube(query: { dimensions: [CURRENCY], measures: [LINE_COUNT], limit: 1000 }) {\n      rows {\n        keys {\n          dimension\n          id\n        }\n      }\n    }\n  }\n": types.DisplayCurrencySourcesDocument,
    "\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n": types.SpendFilterDataRangeDocument,
    "\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n    me {\n      id\n      scope {\n        businessUnits {\n          id\n          name\n        }\n        categories {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.FilterBarOptionsDocument,
    "\n  query FilterBarSuppliers($ids: [ID!]!) {\n    suppliersByIds(ids: $ids) {\n      id\n      name\n    }\n  }\n": types.FilterBarSuppliersDocument,
    "\n  query AuditPage($filter: AuditEventFilter, $page: PageInput) {\n    auditEvents(filter: $filter, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...AuditTable_event\n      }\n    }\n  }\n": types.AuditPageDocument,
    "\n  query AuditFilterOptions {\n    auditLogOptions {\n      actions\n      entities\n    }\n    users(page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n": types.AuditFilterOptionsDocument,
    "\n  query ClassificationPage {\n    classificationRules {\n      id\n      ...RulesTable_rule\n    }\n  }\n": types.ClassificationPageDocument,
    "\n  query FxRatesPage {\n    fxRates {\n      ...FxRatesTable_rate\n    }\n    linesWithoutFxRate\n  }\n": types.FxRatesPageDocument,
    "\n  query SupplierMergesPage($minSimilarity: Float!) {\n    supplierMergeSuggestions(limit: 50, minSimilarity: $minSimilarity) {\n      ...MergeSuggestionsTable_suggestion\n    }\n    supplierMerges {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n": types.SupplierMergesPageDocument,
    "\n  query TaxonomyPage {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n      version\n      spend\n      owner {\n        id\n        name\n      }\n    }\n    users(status: ACTIVE, page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n": types.TaxonomyPageDocument,
    "\n  query UsersPage($search: String, $role: Role, $status: UserStatus, $page: PageInput) {\n    me {\n      id\n    }\n    users(search: $search, role: $role, status: $status, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...UsersTable_user\n      }\n    }\n  }\n": types.UsersPageDocument,
    "\n  query UserEditor($id: ID!) {\n    user(id: $id) {\n      id\n      version\n      ...UserForm_user\n    }\n  }\n": types.UserEditorDocument,
    "\n  query CategoriesPage($filter: SpendFilter) {\n    categoryTree(filter: $filter) {\n      dateFrom\n      dateTo\n      previousDateFrom\n      previousDateTo\n      nodes {\n        category {\n          id\n        }\n      }\n      ...CategoryTreeTable_tree\n    }\n  }\n": types.CategoriesPageDocument,
    "\n  query CategoryPage($id: ID!, $filter: SpendFilter, $contracts: PageInput) {\n    category(id: $id) {\n      id\n      code\n      name\n      level\n      ownerName\n      ancestors {\n        id\n        name\n        ownerName\n      }\n      parent {\n        id\n        name\n      }\n      figures(filter: $filter) {\n        ...CategoryKpis_figures\n      }\n      children {\n        id\n        ...CategoryChildren_category\n      }\n      contracts(page: $contracts) {\n        ...CategoryContracts_page\n      }\n    }\n  }\n": types.CategoryPageDocument,
    "\n  query CategoryCharts($trend: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    trend: spendCube(query: $trend) {\n      ...CategoryTrendChart_cube\n    }\n    suppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n": types.CategoryChartsDocument,
    "\n  query ContractEdit($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n      }\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n": types.ContractEditDocument,
    "\n  query ContractFormOptions {\n    me {\n      id\n    }\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n": types.ContractFormOptionsDocument,
    "\n  query ContractPage($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      effectiveEndDate\n      daysToExpiry\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      terminatedAt\n      terminationReason\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n        name\n      }\n      categories {\n        id\n        code\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n      utilisation {\n        lineCount\n      }\n      ...ContractUtilisation_contract\n      ...ContractLeakage_contract\n    }\n  }\n": types.ContractPageDocument,
    "\n  query ContractsPage($filter: ContractFilter, $page: PageInput) {\n    contracts(filter: $filter, page: $page) {\n      totalCount\n      statusCounts {\n        status\n        count\n      }\n      nodes {\n        id\n        ...ContractsTable_contract\n        ...ContractTimeline_contract\n      }\n    }\n  }\n": types.ContractsPageDocument,
    "\n  query ContractFilterOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n": types.ContractFilterOptionsDocument,
    "\n  query Explorer($rowTotals: SpendCubeQuery!, $cells: SpendCubeQuery!, $withColumns: Boolean!) {\n    rowTotals: spendCube(query: $rowTotals) {\n      ...PivotGrid_cube\n    }\n    cells: spendCube(query: $cells) @include(if: $withColumns) {\n      ...PivotGrid_cube\n    }\n  }\n": types.ExplorerDocument,
    "\n  fragment ImportBatchPage_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    failure\n    notes\n    rowCount\n    acceptedCount\n    warningCount\n    rejectedCount\n    duplicateCount\n    updatedAt\n    progress {\n      phase\n      rowsProcessed\n    }\n    ...ImportFileFacts_batch\n    ...MappingEditor_batch\n    ...ImportCounts_batch\n    ...ImportPreviewTable_batch\n    ...ImportActions_batch\n  }\n": types.ImportBatchPage_BatchFragmentDoc,
    "\n  query ImportBatchPage($id: ID!) {\n    importBatch(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": types.ImportBatchPageDocument,
    "\n  query ImportProgress($id: ID!) {\n    importBatch(id: $id) {\n      id\n      progress {\n        phase\n        rowsProcessed\n      }\n    }\n  }\n": types.ImportProgressDocument,
    "\n  query ImportsPage($page: PageInput) {\n    importBatches(page: $page) {\n      totalCount\n      nodes {\n        id\n        ...ImportHistoryTable_batch\n      }\n    }\n    sources: importBatches(page: { limit: 500 }) {\n      nodes {\n        id\n        sourceName\n      }\n    }\n  }\n": types.ImportsPageDocument,
    "\n  mutation ValidateImport($id: ID!, $mapping: ImportMappingInput!) {\n    validateImport(id: $id, mapping: $mapping) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": types.ValidateImportDocument,
    "\n  mutation CommitImport($id: ID!) {\n    commitImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": types.CommitImportDocument,
    "\n  mutation RollbackImport($id: ID!) {\n    rollbackImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": types.RollbackImportDocument,
    "\n  mutation DiscardImport($id: ID!) {\n    discardImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n": types.DiscardImportDocument,
    "\n  query LineDrillNames {\n    categories {\n      id\n      name\n    }\n    businessUnits {\n      id\n      name\n    }\n  }\n": types.LineDrillNamesDocument,
    "\n  query LoginSession {\n    me {\n      id\n    }\n  }\n": types.LoginSessionDocument,
    "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n": types.OverviewDocument,
    "\n  query SavedQuery($id: ID!) {\n    savedView(id: $id) {\n      ...SavedQuery_view\n    }\n  }\n": types.SavedQueryDocument,
    "\n  query ReportDeliveryView($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      kind\n      ownerName\n      shared\n    }\n  }\n": types.ReportDeliveryViewDocument,
    "\n  query SavedViews {\n    savedViews {\n      id\n      ...SavedViewsTable_view\n    }\n  }\n": types.SavedViewsDocument,
    "\n  query SavedViewOpen($id: ID!) {\n    savedView(id: $id) {\n      id\n      kind\n      definition\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n": types.SavedViewOpenDocument,
    "\n  query PasswordLink($token: String!) {\n    passwordLinkStatus(token: $token) {\n      valid\n      email\n      expiresAt\n    }\n  }\n": types.PasswordLinkDocument,
    "\n  mutation SetPassword($token: String!, $password: String!) {\n    setPassword(token: $token, password: $password)\n  }\n": types.SetPasswordDocument,
    "\n  query SupplierPage($id: ID!, $filter: SpendFilter) {\n    supplier(id: $id) {\n      id\n      name\n      countryCode\n      taxId\n      status\n      parent {\n        id\n        name\n      }\n      summary(filter: $filter) {\n        lineCount\n        currency\n        ...SupplierKpis_summary\n      }\n      monthlySpend(filter: $filter) {\n        ...SupplierTrendChart_month\n      }\n      categorySpend(filter: $filter) {\n        ...SupplierCategories_row\n      }\n      businessUnitSpend(filter: $filter) {\n        ...SupplierBusinessUnits_row\n      }\n      aliasUsage(filter: $filter) {\n        ...SupplierAliases_alias\n      }\n      family(filter: $filter) {\n        ...SupplierFamily_family\n      }\n      ...SupplierStatusPanel_supplier\n      ...SupplierDetailsPanel_supplier\n    }\n    contracts(filter: { supplierId: $id }, page: { limit: 500 }) {\n      totalCount\n      nodes {\n        id\n        ...SupplierContracts_contract\n      }\n    }\n  }\n": types.SupplierPageDocument,
    "\n  query SuppliersPage($search: String, $filter: SpendFilter, $only: SupplierFilter, $sort: SupplierSort, $page: PageInput) {\n    suppliers(search: $search, filter: $filter, supplierFilter: $only, sort: $sort, page: $page) {\n      totalCount\n      dateFrom\n      dateTo\n      nodes {\n        supplier {\n          id\n        }\n        ...SupplierTable_row\n      }\n    }\n  }\n": types.SuppliersPageDocument,
    "\n  query SupplierCountries($filter: SpendFilter) {\n    supplierCountries(filter: $filter) {\n      code\n      supplierCount\n    }\n  }\n": types.SupplierCountriesDocument,
    "\n  query SupplierFamilyName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n": types.SupplierFamilyNameDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterBarLinesWithoutRate($filter: SpendFilter!) {\n    linesWithoutFxRate(filter: $filter)\n  }\n"): (typeof documents)["\n  query FilterBarLinesWithoutRate($filter: SpendFilter!) {\n    linesWithoutFxRate(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FxRatesTable_rate on FxRate {\n    id\n    version\n    currency\n    month\n    rateToReporting\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment FxRatesTable_rate on FxRate {\n    id\n    version\n    currency\n    month\n    rateToReporting\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MergeHistoryTable_merge on SupplierMerge {\n    id\n    source {\n      id\n      name\n    }\n    target {\n      id\n      name\n    }\n    linesMoved\n    mergedAt\n    undoneAt\n  }\n"): (typeof documents)["\n  fragment MergeHistoryTable_merge on SupplierMerge {\n    id\n    source {\n      id\n      name\n    }\n    target {\n      id\n      name\n    }\n    linesMoved\n    mergedAt\n    undoneAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MergeSuggestionsTable_suggestion on SupplierMergeSuggestion {\n    keep {\n      id\n      name\n      version\n      spend {\n        lineCount\n      }\n    }\n    merge {\n      id\n      name\n      version\n      aliases\n      spend {\n        lineCount\n      }\n    }\n    similarity\n    spendAtStake\n  }\n"): (typeof documents)["\n  fragment MergeSuggestionsTable_suggestion on SupplierMergeSuggestion {\n    keep {\n      id\n      name\n      version\n      spend {\n        lineCount\n      }\n    }\n    merge {\n      id\n      name\n      version\n      aliases\n      spend {\n        lineCount\n      }\n    }\n    similarity\n    spendAtStake\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RulesTable_rule on ClassificationRule {\n    id\n    priority\n    supplierId\n    glAccountId\n    costCenterId\n    descriptionContains\n    rawSupplierNameMatches\n    sourceCategoryContains\n    category {\n      id\n      code\n      name\n    }\n    enabled\n    version\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment RulesTable_rule on ClassificationRule {\n    id\n    priority\n    supplierId\n    glAccountId\n    costCenterId\n    descriptionContains\n    rawSupplierNameMatches\n    sourceCategoryContains\n    category {\n      id\n      code\n      name\n    }\n    enabled\n    version\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierPicker($search: String!, $limit: Int!) {\n    suppliers(search: $search, sort: { field: SPEND, direction: DESC }, page: { limit: $limit }) {\n      nodes {\n        supplier {\n          id\n          name\n          status\n          version\n        }\n        lineCount\n      }\n    }\n  }\n"): (typeof documents)["\n  query SupplierPicker($search: String!, $limit: Int!) {\n    suppliers(search: $search, sort: { field: SPEND, direction: DESC }, page: { limit: $limit }) {\n      nodes {\n        supplier {\n          id\n          name\n          status\n          version\n        }\n        lineCount\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query SupplierName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MergeSuppliers($sourceId: ID!, $targetId: ID!, $sourceVersion: Int, $targetVersion: Int) {\n    mergeSuppliers(sourceId: $sourceId, targetId: $targetId, sourceVersion: $sourceVersion, targetVersion: $targetVersion) {\n      id\n      linesMoved\n      ...MergeHistoryTable_merge\n    }\n  }\n"): (typeof documents)["\n  mutation MergeSuppliers($sourceId: ID!, $targetId: ID!, $sourceVersion: Int, $targetVersion: Int) {\n    mergeSuppliers(sourceId: $sourceId, targetId: $targetId, sourceVersion: $sourceVersion, targetVersion: $targetVersion) {\n      id\n      linesMoved\n      ...MergeHistoryTable_merge\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoSupplierMerge($id: ID!) {\n    undoSupplierMerge(id: $id) {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n"): (typeof documents)["\n  mutation UndoSupplierMerge($id: ID!) {\n    undoSupplierMerge(id: $id) {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DismissMergeSuggestion($supplierA: ID!, $supplierB: ID!) {\n    dismissMergeSuggestion(supplierA: $supplierA, supplierB: $supplierB)\n  }\n"): (typeof documents)["\n  mutation DismissMergeSuggestion($supplierA: ID!, $supplierB: ID!) {\n    dismissMergeSuggestion(supplierA: $supplierA, supplierB: $supplierB)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSupplierParent($id: ID!, $parentId: ID, $version: Int) {\n    setSupplierParent(id: $id, parentId: $parentId, version: $version) {\n      id\n      name\n      version\n      parent {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetSupplierParent($id: ID!, $parentId: ID, $version: Int) {\n    setSupplierParent(id: $id, parentId: $parentId, version: $version) {\n      id\n      name\n      version\n      parent {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateClassificationRule($input: ClassificationRuleInput!) {\n    createClassificationRule(input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n"): (typeof documents)["\n  mutation CreateClassificationRule($input: ClassificationRuleInput!) {\n    createClassificationRule(input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateClassificationRule($id: ID!, $version: Int!, $input: ClassificationRuleInput!) {\n    updateClassificationRule(id: $id, version: $version, input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateClassificationRule($id: ID!, $version: Int!, $input: ClassificationRuleInput!) {\n    updateClassificationRule(id: $id, version: $version, input: $input) {\n      id\n      ...RulesTable_rule\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteClassificationRule($id: ID!, $version: Int) {\n    deleteClassificationRule(id: $id, version: $version)\n  }\n"): (typeof documents)["\n  mutation DeleteClassificationRule($id: ID!, $version: Int) {\n    deleteClassificationRule(id: $id, version: $version)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RunClassificationRules {\n    runClassificationRules {\n      ruleClassified\n      unclassified\n      changed\n      durationMs\n    }\n  }\n"): (typeof documents)["\n  mutation RunClassificationRules {\n    runClassificationRules {\n      ruleClassified\n      unclassified\n      changed\n      durationMs\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClassifySupplierLines($supplierId: ID!, $categoryId: ID) {\n    classifyLines(supplierId: $supplierId, categoryId: $categoryId)\n  }\n"): (typeof documents)["\n  mutation ClassifySupplierLines($supplierId: ID!, $categoryId: ID) {\n    classifyLines(supplierId: $supplierId, categoryId: $categoryId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCategory($input: CreateCategoryInput!) {\n    createCategory(input: $input) {\n      id\n      code\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCategory($input: CreateCategoryInput!) {\n    createCategory(input: $input) {\n      id\n      code\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCategory($id: ID!, $version: Int!, $input: UpdateCategoryInput!) {\n    updateCategory(id: $id, version: $version, input: $input) {\n      id\n      name\n      level\n      parentId\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCategory($id: ID!, $version: Int!, $input: UpdateCategoryInput!) {\n    updateCategory(id: $id, version: $version, input: $input) {\n      id\n      name\n      level\n      parentId\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetFxRate($input: FxRateInput!) {\n    setFxRate(input: $input) {\n      rate {\n        id\n        version\n        currency\n        month\n        rateToReporting\n      }\n      replaced\n      linesConverted\n    }\n  }\n"): (typeof documents)["\n  mutation SetFxRate($input: FxRateInput!) {\n    setFxRate(input: $input) {\n      rate {\n        id\n        version\n        currency\n        month\n        rateToReporting\n      }\n      replaced\n      linesConverted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n    }\n  }\n"): (typeof documents)["\n  query CategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LedgerCodes {\n    costCenters {\n      id\n      code\n      name\n    }\n    glAccounts {\n      id\n      code\n      name\n    }\n  }\n"): (typeof documents)["\n  query LedgerCodes {\n    costCenters {\n      id\n      code\n      name\n    }\n    glAccounts {\n      id\n      code\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuditTable_event on AuditEvent {\n    id\n    at\n    userId\n    userName\n    userEmail\n    action\n    entity\n    entityId\n    label\n    changes {\n      field\n      kind\n      before\n      after\n    }\n  }\n"): (typeof documents)["\n  fragment AuditTable_event on AuditEvent {\n    id\n    at\n    userId\n    userName\n    userEmail\n    action\n    entity\n    entityId\n    label\n    changes {\n      field\n      kind\n      before\n      after\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CategoryChildren_category on Category {\n    id\n    name\n    level\n    figures(filter: $filter) {\n      spend\n      change\n      shareOfParent\n      supplierCount\n      onContractShare\n      lineCount\n    }\n  }\n"): (typeof documents)["\n  fragment CategoryChildren_category on Category {\n    id\n    name\n    level\n    figures(filter: $filter) {\n      spend\n      change\n      shareOfParent\n      supplierCount\n      onContractShare\n      lineCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CategoryContracts_page on ContractPage {\n    totalCount\n    nodes {\n      id\n      number\n      title\n      status\n      endDate\n      ceiling\n      currency\n      supplier {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment CategoryContracts_page on ContractPage {\n    totalCount\n    nodes {\n      id\n      number\n      title\n      status\n      endDate\n      ceiling\n      currency\n      supplier {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CategoryEmissions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      columns {\n        measure\n        unit\n      }\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      totals {\n        values\n      }\n    }\n  }\n"): (typeof documents)["\n  query CategoryEmissions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      columns {\n        measure\n        unit\n      }\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      totals {\n        values\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CategoryKpis_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n"): (typeof documents)["\n  fragment CategoryKpis_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CategoryTreeTable_tree on CategoryTree {\n    currency\n    total {\n      ...CategoryTreeTable_figures\n    }\n    unclassified {\n      ...CategoryTreeTable_figures\n    }\n    nodes {\n      category {\n        id\n        code\n        name\n        level\n        parentId\n        ownerName\n      }\n      figures {\n        ...CategoryTreeTable_figures\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment CategoryTreeTable_tree on CategoryTree {\n    currency\n    total {\n      ...CategoryTreeTable_figures\n    }\n    unclassified {\n      ...CategoryTreeTable_figures\n    }\n    nodes {\n      category {\n        id\n        code\n        name\n        level\n        parentId\n        ownerName\n      }\n      figures {\n        ...CategoryTreeTable_figures\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CategoryTreeTable_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n"): (typeof documents)["\n  fragment CategoryTreeTable_figures on CategoryFigures {\n    spend\n    previousPeriodSpend\n    change\n    shareOfParent\n    supplierCount\n    onContractSpend\n    onContractShare\n    lineCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CategoryTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n      }\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment CategoryTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n      }\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ClassifierStatusCard_status on ClassifierStatus {\n    version\n    trainedAt\n    method\n    trainingLines\n    categories\n    crossValidatedAccuracy\n    scoredLines\n    training\n    lastError\n    autoClassify\n    autoClassifyThreshold\n    defaultThreshold\n  }\n"): (typeof documents)["\n  fragment ClassifierStatusCard_status on ClassifierStatus {\n    version\n    trainedAt\n    method\n    trainingLines\n    categories\n    crossValidatedAccuracy\n    scoredLines\n    training\n    lastError\n    autoClassify\n    autoClassifyThreshold\n    defaultThreshold\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CoverageBar_coverage on ClassificationCoverage {\n    total\n    file\n    rule\n    person\n    model\n    unclassified\n    modelLines\n    unclassifiedLines\n    currency\n  }\n"): (typeof documents)["\n  fragment CoverageBar_coverage on ClassificationCoverage {\n    total\n    file\n    rule\n    person\n    model\n    unclassified\n    modelLines\n    unclassifiedLines\n    currency\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DecisionsTable_action on ClassificationAction {\n    id\n    kind\n    lines\n    spend\n    modelVersion\n    userEmail\n    createdAt\n    undoneAt\n    restoredLines\n    ruleIds\n  }\n"): (typeof documents)["\n  fragment DecisionsTable_action on ClassificationAction {\n    id\n    kind\n    lines\n    spend\n    modelVersion\n    userEmail\n    createdAt\n    undoneAt\n    restoredLines\n    ruleIds\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DisputedRulesTable_dispute on DisputedRule {\n    rule {\n      id\n      ...RulesTable_rule\n    }\n    suggestedCategory {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    ruleLines\n  }\n"): (typeof documents)["\n  fragment DisputedRulesTable_dispute on DisputedRule {\n    rule {\n      id\n      ...RulesTable_rule\n    }\n    suggestedCategory {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    ruleLines\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GroupLinesTable_suggestion on ClassificationSuggestion {\n    line {\n      id\n      invoiceDate\n      description\n      amount\n      currency\n      amountReporting\n      businessUnitName\n    }\n    category {\n      id\n      name\n    }\n    confidence\n    alternatives {\n      category {\n        id\n        name\n      }\n      confidence\n    }\n    reasons\n  }\n"): (typeof documents)["\n  fragment GroupLinesTable_suggestion on ClassificationSuggestion {\n    line {\n      id\n      invoiceDate\n      description\n      amount\n      currency\n      amountReporting\n      businessUnitName\n    }\n    category {\n      id\n      name\n    }\n    confidence\n    alternatives {\n      category {\n        id\n        name\n      }\n      confidence\n    }\n    reasons\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SuggestionGroupsTable_group on ClassificationSuggestionGroup {\n    supplierId\n    supplierName\n    category {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    minConfidence\n    reasons\n  }\n"): (typeof documents)["\n  fragment SuggestionGroupsTable_group on ClassificationSuggestionGroup {\n    supplierId\n    supplierName\n    category {\n      id\n      code\n      name\n    }\n    lines\n    spend\n    meanConfidence\n    minConfidence\n    reasons\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClassificationCoverage($filter: SpendFilter) {\n    classificationCoverage(filter: $filter) {\n      ...CoverageBar_coverage\n    }\n  }\n"): (typeof documents)["\n  query ClassificationCoverage($filter: SpendFilter) {\n    classificationCoverage(filter: $filter) {\n      ...CoverageBar_coverage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClassifierStatus {\n    classifierStatus {\n      ...ClassifierStatusCard_status\n    }\n  }\n"): (typeof documents)["\n  query ClassifierStatus {\n    classifierStatus {\n      ...ClassifierStatusCard_status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClassificationReviewGroups($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestionGroups(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...SuggestionGroupsTable_group\n      }\n      totalCount\n      totalLines\n      totalAmount\n      currency\n    }\n  }\n"): (typeof documents)["\n  query ClassificationReviewGroups($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestionGroups(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...SuggestionGroupsTable_group\n      }\n      totalCount\n      totalLines\n      totalAmount\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClassificationGroupLines($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestions(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...GroupLinesTable_suggestion\n      }\n      totalCount\n      totalAmount\n      currency\n    }\n  }\n"): (typeof documents)["\n  query ClassificationGroupLines($filter: SpendFilter, $minConfidence: Float, $suggestions: ClassificationSuggestionFilter, $page: PageInput) {\n    classificationSuggestions(filter: $filter, minConfidence: $minConfidence, suggestions: $suggestions, page: $page) {\n      nodes {\n        ...GroupLinesTable_suggestion\n      }\n      totalCount\n      totalAmount\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClassificationActions($page: PageInput) {\n    classificationActions(page: $page) {\n      nodes {\n        id\n        ...DecisionsTable_action\n      }\n      totalCount\n    }\n  }\n"): (typeof documents)["\n  query ClassificationActions($page: PageInput) {\n    classificationActions(page: $page) {\n      nodes {\n        id\n        ...DecisionsTable_action\n      }\n      totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DisputedRules {\n    disputedRules {\n      ...DisputedRulesTable_dispute\n    }\n  }\n"): (typeof documents)["\n  query DisputedRules {\n    disputedRules {\n      ...DisputedRulesTable_dispute\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewImportBatches {\n    classificationSuggestionBatches {\n      id\n      fileName\n      sourceName\n      committedAt\n      lines\n    }\n  }\n"): (typeof documents)["\n  query ReviewImportBatches {\n    classificationSuggestionBatches {\n      id\n      fileName\n      sourceName\n      committedAt\n      lines\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptClassificationSuggestions($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptClassificationSuggestions($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptClassificationSuggestionsAsRules($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestionsAsRules(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptClassificationSuggestionsAsRules($input: ClassificationDecisionInput!) {\n    acceptClassificationSuggestionsAsRules(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectClassificationSuggestions($input: ClassificationDecisionInput!) {\n    rejectClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n"): (typeof documents)["\n  mutation RejectClassificationSuggestions($input: ClassificationDecisionInput!) {\n    rejectClassificationSuggestions(input: $input) {\n      id\n      lines\n      ...DecisionsTable_action\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoClassificationAction($id: ID!) {\n    undoClassificationAction(id: $id) {\n      id\n      lines\n      restoredLines\n      ...DecisionsTable_action\n    }\n  }\n"): (typeof documents)["\n  mutation UndoClassificationAction($id: ID!) {\n    undoClassificationAction(id: $id) {\n      id\n      lines\n      restoredLines\n      ...DecisionsTable_action\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetrainClassifier {\n    retrainClassifier {\n      ...ClassifierStatusCard_status\n    }\n  }\n"): (typeof documents)["\n  mutation RetrainClassifier {\n    retrainClassifier {\n      ...ClassifierStatusCard_status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAutoClassify($enabled: Boolean!, $threshold: Float) {\n    setAutoClassify(enabled: $enabled, threshold: $threshold) {\n      ...ClassifierStatusCard_status\n    }\n  }\n"): (typeof documents)["\n  mutation SetAutoClassify($enabled: Boolean!, $threshold: Float) {\n    setAutoClassify(enabled: $enabled, threshold: $threshold) {\n      ...ClassifierStatusCard_status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContractLeakage_contract on Contract {\n    id\n    number\n    categories {\n      id\n    }\n    businessUnits {\n      id\n    }\n    leakage {\n      dateFrom\n      dateTo\n      addressableSpend\n      spend\n      share\n      lineCount\n      supplierCount\n      suppliers(limit: 10) {\n        supplier {\n          id\n          name\n        }\n        spend\n        lineCount\n        contractParty\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ContractLeakage_contract on Contract {\n    id\n    number\n    categories {\n      id\n    }\n    businessUnits {\n      id\n    }\n    leakage {\n      dateFrom\n      dateTo\n      addressableSpend\n      spend\n      share\n      lineCount\n      supplierCount\n      suppliers(limit: 10) {\n        supplier {\n          id\n          name\n        }\n        spend\n        lineCount\n        contractParty\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContractTimeline_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    effectiveEndDate\n    daysToExpiry\n    supplier {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment ContractTimeline_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    effectiveEndDate\n    daysToExpiry\n    supplier {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContractUtilisation_contract on Contract {\n    id\n    ceiling\n    currency\n    startDate\n    effectiveEndDate\n    utilisation {\n      spend\n      lineCount\n      reportingCurrency\n      ceilingReporting\n      fxRate\n      fxMonth\n      share\n      remaining\n      burn {\n        month\n        spend\n        cumulative\n      }\n      runRateFrom\n      runRateTo\n      monthlyRunRate\n      ceilingReachedOn\n      projectedCeilingDate\n    }\n  }\n"): (typeof documents)["\n  fragment ContractUtilisation_contract on Contract {\n    id\n    ceiling\n    currency\n    startDate\n    effectiveEndDate\n    utilisation {\n      spend\n      lineCount\n      reportingCurrency\n      ceilingReporting\n      fxRate\n      fxMonth\n      share\n      remaining\n      burn {\n        month\n        spend\n        cumulative\n      }\n      runRateFrom\n      runRateTo\n      monthlyRunRate\n      ceilingReachedOn\n      projectedCeilingDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContractsTable_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n    supplier {\n      id\n      name\n    }\n    owner {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment ContractsTable_contract on Contract {\n    id\n    number\n    title\n    status\n    startDate\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n    supplier {\n      id\n      name\n    }\n    owner {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateContract($input: ContractInput!) {\n    createContract(input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation CreateContract($input: ContractInput!) {\n    createContract(input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateContract($id: ID!, $version: Int!, $input: ContractInput!) {\n    updateContract(id: $id, version: $version, input: $input) {\n      id\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateContract($id: ID!, $version: Int!, $input: ContractInput!) {\n    updateContract(id: $id, version: $version, input: $input) {\n      id\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ActivateContract($id: ID!, $version: Int!) {\n    activateContract(id: $id, version: $version) {\n      id\n      version\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ActivateContract($id: ID!, $version: Int!) {\n    activateContract(id: $id, version: $version) {\n      id\n      version\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TerminateContract($id: ID!, $version: Int!, $reason: String!, $terminatedOn: Date) {\n    terminateContract(id: $id, version: $version, reason: $reason, terminatedOn: $terminatedOn) {\n      id\n      version\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation TerminateContract($id: ID!, $version: Int!, $reason: String!, $terminatedOn: Date) {\n    terminateContract(id: $id, version: $version, reason: $reason, terminatedOn: $terminatedOn) {\n      id\n      version\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteContract($id: ID!, $version: Int!) {\n    deleteContract(id: $id, version: $version)\n  }\n"): (typeof documents)["\n  mutation DeleteContract($id: ID!, $version: Int!) {\n    deleteContract(id: $id, version: $version)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExplorerMemberOptions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      currency\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      truncated\n    }\n  }\n"): (typeof documents)["\n  query ExplorerMemberOptions($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      currency\n      rows {\n        keys {\n          id\n          label\n        }\n        values\n      }\n      truncated\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExplorerMemberLabels($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      rows {\n        keys {\n          id\n          label\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ExplorerMemberLabels($query: SpendCubeQuery!) {\n    spendCube(query: $query) {\n      rows {\n        keys {\n          id\n          label\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PivotGrid_cube on SpendCube {\n    currency\n    truncated\n    columns {\n      measure\n      label\n      kind\n      unit\n    }\n    rows {\n      keys {\n        dimension\n        id\n        label\n        rolledUp\n      }\n      values\n      depth\n    }\n    totals {\n      values\n    }\n    previousPeriod {\n      dateFrom\n      dateTo\n      months\n      days\n    }\n  }\n"): (typeof documents)["\n  fragment PivotGrid_cube on SpendCube {\n    currency\n    truncated\n    columns {\n      measure\n      label\n      kind\n      unit\n    }\n    rows {\n      keys {\n        dimension\n        id\n        label\n        rolledUp\n      }\n      values\n      depth\n    }\n    totals {\n      values\n    }\n    previousPeriod {\n      dateFrom\n      dateTo\n      months\n      days\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportActions_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    rowCount\n    acceptedCount\n    contractCount\n    duplicateCount\n    totalAmount\n    committedAt\n    rolledBackAt\n  }\n"): (typeof documents)["\n  fragment ImportActions_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    rowCount\n    acceptedCount\n    contractCount\n    duplicateCount\n    totalAmount\n    committedAt\n    rolledBackAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportCounts_batch on ImportBatch {\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    warningCount\n    duplicateCount\n    totalAmount\n    totalsByCurrency {\n      currency\n      amount\n    }\n  }\n"): (typeof documents)["\n  fragment ImportCounts_batch on ImportBatch {\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    warningCount\n    duplicateCount\n    totalAmount\n    totalsByCurrency {\n      currency\n      amount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportFileFacts_batch on ImportBatch {\n    sourceName\n    format\n    encoding\n    delimiter\n    headerRow\n    uploadedBy\n    createdAt\n    committedAt\n    rolledBackAt\n  }\n"): (typeof documents)["\n  fragment ImportFileFacts_batch on ImportBatch {\n    sourceName\n    format\n    encoding\n    delimiter\n    headerRow\n    uploadedBy\n    createdAt\n    committedAt\n    rolledBackAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportHistoryTable_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    format\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    totalAmount\n    uploadedBy\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ImportHistoryTable_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    format\n    status\n    rowCount\n    acceptedCount\n    rejectedCount\n    totalAmount\n    uploadedBy\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportPreviewTable_batch on ImportBatch {\n    preview(limit: 20) {\n      rowNumber\n      invoiceDate\n      amount\n      currency\n      amountReporting\n      supplierName\n      description\n      category\n      businessUnit\n      sourceRef\n    }\n  }\n"): (typeof documents)["\n  fragment ImportPreviewTable_batch on ImportBatch {\n    preview(limit: 20) {\n      rowNumber\n      invoiceDate\n      amount\n      currency\n      amountReporting\n      supplierName\n      description\n      category\n      businessUnit\n      sourceRef\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportProblems($id: ID!, $severity: String, $page: PageInput) {\n    importBatch(id: $id) {\n      id\n      problems(severity: $severity, page: $page) {\n        totalCount\n        nodes {\n          rowNumber\n          severity\n          column\n          code\n          message\n          rawValue\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ImportProblems($id: ID!, $severity: String, $page: PageInput) {\n    importBatch(id: $id) {\n      id\n      problems(severity: $severity, page: $page) {\n        totalCount\n        nodes {\n          rowNumber\n          severity\n          column\n          code\n          message\n          rawValue\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MappingEditor_batch on ImportBatch {\n    id\n    status\n    columns {\n      index\n      header\n      field\n      confidence\n    }\n    dateFormat\n    defaultCurrency\n    currencyBasis\n  }\n"): (typeof documents)["\n  fragment MappingEditor_batch on ImportBatch {\n    id\n    status\n    columns {\n      index\n      header\n      field\n      confidence\n    }\n    dateFormat\n    defaultCurrency\n    currencyBasis\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LinesTable_line on SpendLine {\n    id\n    invoiceDate\n    supplierId\n    supplierName\n    categoryId\n    categoryName\n    classificationSource\n    classificationConfidence\n    businessUnitName\n    description\n    amount\n    currency\n    amountReporting\n    contractId\n    contractNumber\n    poNumber\n    quantity\n    unitPrice\n  }\n"): (typeof documents)["\n  fragment LinesTable_line on SpendLine {\n    id\n    invoiceDate\n    supplierId\n    supplierName\n    categoryId\n    categoryName\n    classificationSource\n    classificationConfidence\n    businessUnitName\n    description\n    amount\n    currency\n    amountReporting\n    contractId\n    contractNumber\n    poNumber\n    quantity\n    unitPrice\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClassifySelectedLines($lineIds: [ID!], $categoryId: ID) {\n    classifyLines(lineIds: $lineIds, categoryId: $categoryId)\n  }\n"): (typeof documents)["\n  mutation ClassifySelectedLines($lineIds: [ID!], $categoryId: ID) {\n    classifyLines(lineIds: $lineIds, categoryId: $categoryId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LineCategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n  }\n"): (typeof documents)["\n  query LineCategoryOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpendLines($filter: SpendFilter, $sort: SpendLineSort, $page: PageInput) {\n    spendLines(filter: $filter, sort: $sort, page: $page) {\n      totalCount\n      totalAmount\n      currency\n      pageInfo {\n        offset\n        hasNextPage\n      }\n      nodes {\n        id\n        ...LinesTable_line\n      }\n    }\n  }\n"): (typeof documents)["\n  query SpendLines($filter: SpendFilter, $sort: SpendLineSort, $page: PageInput) {\n    spendLines(filter: $filter, sort: $sort, page: $page) {\n      totalCount\n      totalAmount\n      currency\n      pageInfo {\n        offset\n        hasNextPage\n      }\n      nodes {\n        id\n        ...LinesTable_line\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavingsOpportunities($filter: SpendFilter) {\n    savingsOpportunities(filter: $filter) {\n      totalSpend\n      currency\n      tailSpend {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        allSuppliers\n        shareOfSpend\n      }\n      supplierFragmentation {\n        kind\n        amount\n        linesTotal\n        lineCount\n        categoryCount\n        shareOfSpend\n        categories(limit: 3) {\n          category {\n            id\n            name\n          }\n          supplierCount\n          suppliersForShare\n        }\n      }\n      offContract {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        shareOfSpend\n      }\n      priceVariance {\n        kind\n        amount\n        linesTotal\n        lineCount\n        itemCount\n        shareOfSpend\n        items(limit: 3) {\n          category {\n            id\n            name\n          }\n          description\n          excess\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SavingsOpportunities($filter: SpendFilter) {\n    savingsOpportunities(filter: $filter) {\n      totalSpend\n      currency\n      tailSpend {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        allSuppliers\n        shareOfSpend\n      }\n      supplierFragmentation {\n        kind\n        amount\n        linesTotal\n        lineCount\n        categoryCount\n        shareOfSpend\n        categories(limit: 3) {\n          category {\n            id\n            name\n          }\n          supplierCount\n          suppliersForShare\n        }\n      }\n      offContract {\n        kind\n        amount\n        linesTotal\n        lineCount\n        supplierCount\n        shareOfSpend\n      }\n      priceVariance {\n        kind\n        amount\n        linesTotal\n        lineCount\n        itemCount\n        shareOfSpend\n        items(limit: 3) {\n          category {\n            id\n            name\n          }\n          description\n          excess\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SavedQuery_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n  }\n"): (typeof documents)["\n  fragment SavedQuery_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSavedQuery($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      ...SavedQuery_view\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSavedQuery($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      ...SavedQuery_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSavedQuery($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedQuery_view\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSavedQuery($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedQuery_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSavedQuery($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSavedQuery($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSavedView($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      shared\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSavedView($input: CreateSavedViewInput!) {\n    createSavedView(input: $input) {\n      id\n      name\n      shared\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedViewBanner($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      ownerId\n      ownerName\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n"): (typeof documents)["\n  query SavedViewBanner($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      ownerId\n      ownerName\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SavedViewsTable_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n    updatedAt\n    period {\n      relative\n      dateFrom\n      dateTo\n    }\n  }\n"): (typeof documents)["\n  fragment SavedViewsTable_view on SavedView {\n    id\n    name\n    kind\n    definition\n    shared\n    ownerName\n    editable\n    version\n    updatedAt\n    period {\n      relative\n      dateFrom\n      dateTo\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSavedView($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedViewsTable_view\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSavedView($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {\n    updateSavedView(id: $id, version: $version, input: $input) {\n      ...SavedViewsTable_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSavedView($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSavedView($id: ID!) {\n    deleteSavedView(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n"): (typeof documents)["\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n"): (typeof documents)["\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Settings {\n    settings {\n      reportingCurrency\n      fiscalYearStartMonth\n      asOfDate\n      expiryWarningDays\n      pageDefault\n      pageMax\n      cubeDefaultRows\n      cubeMaxRows\n      importMaxBytes\n      tailSpendPercent\n      fragmentationSuppliers\n      fragmentationPercent\n      priceBenchmarkPercentile\n      priceVarianceMinLines\n    }\n  }\n"): (typeof documents)["\n  query Settings {\n    settings {\n      reportingCurrency\n      fiscalYearStartMonth\n      asOfDate\n      expiryWarningDays\n      pageDefault\n      pageMax\n      cubeDefaultRows\n      cubeMaxRows\n      importMaxBytes\n      tailSpendPercent\n      fragmentationSuppliers\n      fragmentationPercent\n      priceBenchmarkPercentile\n      priceVarianceMinLines\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n"): (typeof documents)["\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportDelivery($id: ID!) {\n    me {\n      id\n    }\n    reportDeliverySettings {\n      enabled\n    }\n    reportSubscriptions(savedViewId: $id) {\n      id\n      format\n      frequency\n      dayOfWeek\n      dayOfMonth\n      workingDay\n      time\n      timeZone\n      scheduleText\n      paused\n      nextRunAt\n      lastRunAt\n      stoppedReason\n      editable\n      version\n      createdByName\n      recipients {\n        id\n        name\n        disabled\n      }\n    }\n    reportDeliveries(savedViewId: $id, limit: 50) {\n      id\n      subscriptionId\n      trigger\n      status\n      attempts\n      nextAttemptAt\n      sentAt\n      error\n      createdAt\n      recipient {\n        id\n        name\n      }\n    }\n    reportRecipientCandidates(savedViewId: $id) {\n      id\n      name\n      role\n    }\n  }\n"): (typeof documents)["\n  query ReportDelivery($id: ID!) {\n    me {\n      id\n    }\n    reportDeliverySettings {\n      enabled\n    }\n    reportSubscriptions(savedViewId: $id) {\n      id\n      format\n      frequency\n      dayOfWeek\n      dayOfMonth\n      workingDay\n      time\n      timeZone\n      scheduleText\n      paused\n      nextRunAt\n      lastRunAt\n      stoppedReason\n      editable\n      version\n      createdByName\n      recipients {\n        id\n        name\n        disabled\n      }\n    }\n    reportDeliveries(savedViewId: $id, limit: 50) {\n      id\n      subscriptionId\n      trigger\n      status\n      attempts\n      nextAttemptAt\n      sentAt\n      error\n      createdAt\n      recipient {\n        id\n        name\n      }\n    }\n    reportRecipientCandidates(savedViewId: $id) {\n      id\n      name\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseReportSubscription($id: ID!) {\n    pauseReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n"): (typeof documents)["\n  mutation PauseReportSubscription($id: ID!) {\n    pauseReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeReportSubscription($id: ID!) {\n    resumeReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeReportSubscription($id: ID!) {\n    resumeReportSubscription(id: $id) {\n      id\n      paused\n      nextRunAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteReportSubscription($id: ID!) {\n    deleteReportSubscription(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteReportSubscription($id: ID!) {\n    deleteReportSubscription(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendReportSubscriptionNow($id: ID!) {\n    sendReportSubscriptionNow(id: $id) {\n      id\n      deliveries {\n        id\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SendReportSubscriptionNow($id: ID!) {\n    sendReportSubscriptionNow(id: $id) {\n      id\n      deliveries {\n        id\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateReportSubscription($input: ReportSubscriptionInput!) {\n    createReportSubscription(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateReportSubscription($input: ReportSubscriptionInput!) {\n    createReportSubscription(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateReportSubscription($id: ID!, $version: Int!, $input: ReportSubscriptionInput!) {\n    updateReportSubscription(id: $id, version: $version, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateReportSubscription($id: ID!, $version: Int!, $input: ReportSubscriptionInput!) {\n    updateReportSubscription(id: $id, version: $version, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierAliases_alias on SupplierAlias {\n    name\n    recorded\n    lineCount\n    spend\n  }\n"): (typeof documents)["\n  fragment SupplierAliases_alias on SupplierAlias {\n    name\n    recorded\n    lineCount\n    spend\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierCategories_row on SupplierCategorySpend {\n    category {\n      id\n      name\n      code\n      parent {\n        id\n        name\n      }\n    }\n    spend\n    lineCount\n    share\n  }\n"): (typeof documents)["\n  fragment SupplierCategories_row on SupplierCategorySpend {\n    category {\n      id\n      name\n      code\n      parent {\n        id\n        name\n      }\n    }\n    spend\n    lineCount\n    share\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierBusinessUnits_row on SupplierBusinessUnitSpend {\n    businessUnit {\n      id\n      name\n      code\n    }\n    spend\n    lineCount\n    share\n  }\n"): (typeof documents)["\n  fragment SupplierBusinessUnits_row on SupplierBusinessUnitSpend {\n    businessUnit {\n      id\n      name\n      code\n    }\n    spend\n    lineCount\n    share\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierContracts_contract on Contract {\n    id\n    number\n    title\n    status\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n  }\n"): (typeof documents)["\n  fragment SupplierContracts_contract on Contract {\n    id\n    number\n    title\n    status\n    endDate\n    daysToExpiry\n    ceiling\n    currency\n    spend\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierDetailsPanel_supplier on Supplier {\n    id\n    name\n    normalizedName\n    countryCode\n    taxId\n    status\n    version\n  }\n"): (typeof documents)["\n  fragment SupplierDetailsPanel_supplier on Supplier {\n    id\n    name\n    normalizedName\n    countryCode\n    taxId\n    status\n    version\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSupplier($id: ID!, $version: Int!, $input: UpdateSupplierInput!) {\n    updateSupplier(id: $id, version: $version, input: $input) {\n      id\n      name\n      countryCode\n      taxId\n      version\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSupplier($id: ID!, $version: Int!, $input: UpdateSupplierInput!) {\n    updateSupplier(id: $id, version: $version, input: $input) {\n      id\n      name\n      countryCode\n      taxId\n      version\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierFamily_family on SupplierFamily {\n    head {\n      id\n      name\n    }\n    totalSpend\n    lineCount\n    members {\n      supplier {\n        id\n        name\n        countryCode\n      }\n      isHead\n      spend\n      lineCount\n      share\n    }\n  }\n"): (typeof documents)["\n  fragment SupplierFamily_family on SupplierFamily {\n    head {\n      id\n      name\n    }\n    totalSpend\n    lineCount\n    members {\n      supplier {\n        id\n        name\n        countryCode\n      }\n      isHead\n      spend\n      lineCount\n      share\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierKpis_summary on SupplierSummary {\n    dateFrom\n    dateTo\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    businessUnitCount\n    onContractSpend\n    onContractShare\n    currency\n  }\n"): (typeof documents)["\n  fragment SupplierKpis_summary on SupplierSummary {\n    dateFrom\n    dateTo\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    businessUnitCount\n    onContractSpend\n    onContractShare\n    currency\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierStatusPanel_supplier on Supplier {\n    id\n    name\n    status\n    version\n    mergedInto {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment SupplierStatusPanel_supplier on Supplier {\n    id\n    name\n    status\n    version\n    mergedInto {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BlockSupplier($id: ID!, $version: Int!, $reason: String) {\n    blockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation BlockSupplier($id: ID!, $version: Int!, $reason: String) {\n    blockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnblockSupplier($id: ID!, $version: Int!, $reason: String) {\n    unblockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UnblockSupplier($id: ID!, $version: Int!, $reason: String) {\n    unblockSupplier(id: $id, version: $version, reason: $reason) {\n      id\n      status\n      version\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierTable_row on SupplierRow {\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    supplier {\n      id\n      name\n      countryCode\n      status\n      parent {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment SupplierTable_row on SupplierRow {\n    spend\n    previousPeriodSpend\n    change\n    lineCount\n    categoryCount\n    supplier {\n      id\n      name\n      countryCode\n      status\n      parent {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierTrendChart_month on SupplierMonth {\n    month\n    spend\n    lineCount\n  }\n"): (typeof documents)["\n  fragment SupplierTrendChart_month on SupplierMonth {\n    month\n    spend\n    lineCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PasswordLinkPanel_link on SetPasswordLink {\n    path\n    expiresAt\n  }\n"): (typeof documents)["\n  fragment PasswordLinkPanel_link on SetPasswordLink {\n    path\n    expiresAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScopeCoverage($role: Role!, $categoryIds: [ID!], $businessUnitIds: [ID!]) {\n    scopeCoverage(role: $role, categoryIds: $categoryIds, businessUnitIds: $businessUnitIds) {\n      spend\n      lineCount\n      totalSpend\n      totalLineCount\n      share\n    }\n  }\n"): (typeof documents)["\n  query ScopeCoverage($role: Role!, $categoryIds: [ID!], $businessUnitIds: [ID!]) {\n    scopeCoverage(role: $role, categoryIds: $categoryIds, businessUnitIds: $businessUnitIds) {\n      spend\n      lineCount\n      totalSpend\n      totalLineCount\n      share\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserForm_user on User {\n    id\n    email\n    name\n    role\n    version\n    scope {\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment UserForm_user on User {\n    id\n    email\n    name\n    role\n    version\n    scope {\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UsersTable_user on User {\n    id\n    email\n    name\n    role\n    version\n    disabledAt\n    passwordSet\n    updatedAt\n    scope {\n      categories {\n        id\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment UsersTable_user on User {\n    id\n    email\n    name\n    role\n    version\n    disabledAt\n    passwordSet\n    updatedAt\n    scope {\n      categories {\n        id\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      user {\n        id\n        name\n        email\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      user {\n        id\n        name\n        email\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($id: ID!, $version: Int!, $input: UpdateUserInput!) {\n    updateUser(id: $id, version: $version, input: $input) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateUser($id: ID!, $version: Int!, $input: UpdateUserInput!) {\n    updateUser(id: $id, version: $version, input: $input) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableUser($id: ID!, $version: Int!) {\n    disableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n"): (typeof documents)["\n  mutation DisableUser($id: ID!, $version: Int!) {\n    disableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnableUser($id: ID!, $version: Int!) {\n    enableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n"): (typeof documents)["\n  mutation EnableUser($id: ID!, $version: Int!) {\n    enableUser(id: $id, version: $version) {\n      id\n      ...UsersTable_user\n      ...UserForm_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetUserPassword($id: ID!, $version: Int!, $password: String) {\n    resetUserPassword(id: $id, version: $version, password: $password) {\n      user {\n        id\n        ...UsersTable_user\n        ...UserForm_user\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResetUserPassword($id: ID!, $version: Int!, $password: String) {\n    resetUserPassword(id: $id, version: $version, password: $password) {\n      user {\n        id\n        ...UsersTable_user\n        ...UserForm_user\n      }\n      setPasswordLink {\n        ...PasswordLinkPanel_link\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BusinessUnitOptions {\n    businessUnits {\n      id\n      code\n      name\n      parentId\n    }\n  }\n"): (typeof documents)["\n  query BusinessUnitOptions {\n    businessUnits {\n      id\n      code\n      name\n      parentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierFilterSearch($search: String!, $filter: SpendFilter) {\n    suppliers(search: $search, filter: $filter, page: { limit: 8 }) {\n      nodes {\n        supplier {\n          id\n          name\n        }\n        spend\n      }\n    }\n  }\n"): (typeof documents)["\n  query SupplierFilterSearch($search: String!, $filter: SpendFilter) {\n    suppliers(search: $search, filter: $filter, page: { limit: 8 }) {\n      nodes {\n        supplier {\n          id\n          name\n        }\n        spend\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DisplayCurrencyRates {\n    fxRates {\n      id\n      currency\n    }\n  }\n"): (typeof documents)["\n  query DisplayCurrencyRates {\n    fxRates {\n      id\n      currency\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DisplayCurrencySources {\n    spendCube(query: { dimensions: [CURRENCY], measures: [LINE_COUNT], limit: 1000 }) {\n      rows {\n        keys {\n          dimension\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DisplayCurrencySources {\n    spendCube(query: { dimensions: [CURRENCY], measures: [LINE_COUNT], limit: 1000 }) {\n      rows {\n        keys {\n          dimension\n          id\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n"): (typeof documents)["\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n    me {\n      id\n      scope {\n        businessUnits {\n          id\n          name\n        }\n        categories {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n    me {\n      id\n      scope {\n        businessUnits {\n          id\n          name\n        }\n        categories {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterBarSuppliers($ids: [ID!]!) {\n    suppliersByIds(ids: $ids) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query FilterBarSuppliers($ids: [ID!]!) {\n    suppliersByIds(ids: $ids) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditPage($filter: AuditEventFilter, $page: PageInput) {\n    auditEvents(filter: $filter, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...AuditTable_event\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditPage($filter: AuditEventFilter, $page: PageInput) {\n    auditEvents(filter: $filter, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...AuditTable_event\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditFilterOptions {\n    auditLogOptions {\n      actions\n      entities\n    }\n    users(page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditFilterOptions {\n    auditLogOptions {\n      actions\n      entities\n    }\n    users(page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClassificationPage {\n    classificationRules {\n      id\n      ...RulesTable_rule\n    }\n  }\n"): (typeof documents)["\n  query ClassificationPage {\n    classificationRules {\n      id\n      ...RulesTable_rule\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FxRatesPage {\n    fxRates {\n      ...FxRatesTable_rate\n    }\n    linesWithoutFxRate\n  }\n"): (typeof documents)["\n  query FxRatesPage {\n    fxRates {\n      ...FxRatesTable_rate\n    }\n    linesWithoutFxRate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierMergesPage($minSimilarity: Float!) {\n    supplierMergeSuggestions(limit: 50, minSimilarity: $minSimilarity) {\n      ...MergeSuggestionsTable_suggestion\n    }\n    supplierMerges {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n"): (typeof documents)["\n  query SupplierMergesPage($minSimilarity: Float!) {\n    supplierMergeSuggestions(limit: 50, minSimilarity: $minSimilarity) {\n      ...MergeSuggestionsTable_suggestion\n    }\n    supplierMerges {\n      id\n      ...MergeHistoryTable_merge\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaxonomyPage {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n      version\n      spend\n      owner {\n        id\n        name\n      }\n    }\n    users(status: ACTIVE, page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaxonomyPage {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n      naicsCode\n      version\n      spend\n      owner {\n        id\n        name\n      }\n    }\n    users(status: ACTIVE, page: { limit: 500 }) {\n      nodes {\n        id\n        name\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UsersPage($search: String, $role: Role, $status: UserStatus, $page: PageInput) {\n    me {\n      id\n    }\n    users(search: $search, role: $role, status: $status, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...UsersTable_user\n      }\n    }\n  }\n"): (typeof documents)["\n  query UsersPage($search: String, $role: Role, $status: UserStatus, $page: PageInput) {\n    me {\n      id\n    }\n    users(search: $search, role: $role, status: $status, page: $page) {\n      totalCount\n      nodes {\n        id\n        ...UsersTable_user\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserEditor($id: ID!) {\n    user(id: $id) {\n      id\n      version\n      ...UserForm_user\n    }\n  }\n"): (typeof documents)["\n  query UserEditor($id: ID!) {\n    user(id: $id) {\n      id\n      version\n      ...UserForm_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CategoriesPage($filter: SpendFilter) {\n    categoryTree(filter: $filter) {\n      dateFrom\n      dateTo\n      previousDateFrom\n      previousDateTo\n      nodes {\n        category {\n          id\n        }\n      }\n      ...CategoryTreeTable_tree\n    }\n  }\n"): (typeof documents)["\n  query CategoriesPage($filter: SpendFilter) {\n    categoryTree(filter: $filter) {\n      dateFrom\n      dateTo\n      previousDateFrom\n      previousDateTo\n      nodes {\n        category {\n          id\n        }\n      }\n      ...CategoryTreeTable_tree\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CategoryPage($id: ID!, $filter: SpendFilter, $contracts: PageInput) {\n    category(id: $id) {\n      id\n      code\n      name\n      level\n      ownerName\n      ancestors {\n        id\n        name\n        ownerName\n      }\n      parent {\n        id\n        name\n      }\n      figures(filter: $filter) {\n        ...CategoryKpis_figures\n      }\n      children {\n        id\n        ...CategoryChildren_category\n      }\n      contracts(page: $contracts) {\n        ...CategoryContracts_page\n      }\n    }\n  }\n"): (typeof documents)["\n  query CategoryPage($id: ID!, $filter: SpendFilter, $contracts: PageInput) {\n    category(id: $id) {\n      id\n      code\n      name\n      level\n      ownerName\n      ancestors {\n        id\n        name\n        ownerName\n      }\n      parent {\n        id\n        name\n      }\n      figures(filter: $filter) {\n        ...CategoryKpis_figures\n      }\n      children {\n        id\n        ...CategoryChildren_category\n      }\n      contracts(page: $contracts) {\n        ...CategoryContracts_page\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CategoryCharts($trend: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    trend: spendCube(query: $trend) {\n      ...CategoryTrendChart_cube\n    }\n    suppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n"): (typeof documents)["\n  query CategoryCharts($trend: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    trend: spendCube(query: $trend) {\n      ...CategoryTrendChart_cube\n    }\n    suppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContractEdit($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n      }\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query ContractEdit($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n      }\n      categories {\n        id\n      }\n      businessUnits {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContractFormOptions {\n    me {\n      id\n    }\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ContractFormOptions {\n    me {\n      id\n    }\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContractPage($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      effectiveEndDate\n      daysToExpiry\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      terminatedAt\n      terminationReason\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n        name\n      }\n      categories {\n        id\n        code\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n      utilisation {\n        lineCount\n      }\n      ...ContractUtilisation_contract\n      ...ContractLeakage_contract\n    }\n  }\n"): (typeof documents)["\n  query ContractPage($id: ID!) {\n    contract(id: $id) {\n      id\n      number\n      title\n      status\n      version\n      canEdit\n      startDate\n      endDate\n      effectiveEndDate\n      daysToExpiry\n      ceiling\n      currency\n      renewal\n      noticeDays\n      paymentTermsDays\n      terminatedAt\n      terminationReason\n      supplier {\n        id\n        name\n      }\n      owner {\n        id\n        name\n      }\n      categories {\n        id\n        code\n        name\n      }\n      businessUnits {\n        id\n        name\n      }\n      utilisation {\n        lineCount\n      }\n      ...ContractUtilisation_contract\n      ...ContractLeakage_contract\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContractsPage($filter: ContractFilter, $page: PageInput) {\n    contracts(filter: $filter, page: $page) {\n      totalCount\n      statusCounts {\n        status\n        count\n      }\n      nodes {\n        id\n        ...ContractsTable_contract\n        ...ContractTimeline_contract\n      }\n    }\n  }\n"): (typeof documents)["\n  query ContractsPage($filter: ContractFilter, $page: PageInput) {\n    contracts(filter: $filter, page: $page) {\n      totalCount\n      statusCounts {\n        status\n        count\n      }\n      nodes {\n        id\n        ...ContractsTable_contract\n        ...ContractTimeline_contract\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContractFilterOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ContractFilterOptions {\n    categories {\n      id\n      code\n      name\n      level\n      parentId\n    }\n    businessUnits {\n      id\n      code\n      name\n    }\n    contractOwners {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Explorer($rowTotals: SpendCubeQuery!, $cells: SpendCubeQuery!, $withColumns: Boolean!) {\n    rowTotals: spendCube(query: $rowTotals) {\n      ...PivotGrid_cube\n    }\n    cells: spendCube(query: $cells) @include(if: $withColumns) {\n      ...PivotGrid_cube\n    }\n  }\n"): (typeof documents)["\n  query Explorer($rowTotals: SpendCubeQuery!, $cells: SpendCubeQuery!, $withColumns: Boolean!) {\n    rowTotals: spendCube(query: $rowTotals) {\n      ...PivotGrid_cube\n    }\n    cells: spendCube(query: $cells) @include(if: $withColumns) {\n      ...PivotGrid_cube\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportBatchPage_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    failure\n    notes\n    rowCount\n    acceptedCount\n    warningCount\n    rejectedCount\n    duplicateCount\n    updatedAt\n    progress {\n      phase\n      rowsProcessed\n    }\n    ...ImportFileFacts_batch\n    ...MappingEditor_batch\n    ...ImportCounts_batch\n    ...ImportPreviewTable_batch\n    ...ImportActions_batch\n  }\n"): (typeof documents)["\n  fragment ImportBatchPage_batch on ImportBatch {\n    id\n    fileName\n    sourceName\n    status\n    failure\n    notes\n    rowCount\n    acceptedCount\n    warningCount\n    rejectedCount\n    duplicateCount\n    updatedAt\n    progress {\n      phase\n      rowsProcessed\n    }\n    ...ImportFileFacts_batch\n    ...MappingEditor_batch\n    ...ImportCounts_batch\n    ...ImportPreviewTable_batch\n    ...ImportActions_batch\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportBatchPage($id: ID!) {\n    importBatch(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"): (typeof documents)["\n  query ImportBatchPage($id: ID!) {\n    importBatch(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportProgress($id: ID!) {\n    importBatch(id: $id) {\n      id\n      progress {\n        phase\n        rowsProcessed\n      }\n    }\n  }\n"): (typeof documents)["\n  query ImportProgress($id: ID!) {\n    importBatch(id: $id) {\n      id\n      progress {\n        phase\n        rowsProcessed\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportsPage($page: PageInput) {\n    importBatches(page: $page) {\n      totalCount\n      nodes {\n        id\n        ...ImportHistoryTable_batch\n      }\n    }\n    sources: importBatches(page: { limit: 500 }) {\n      nodes {\n        id\n        sourceName\n      }\n    }\n  }\n"): (typeof documents)["\n  query ImportsPage($page: PageInput) {\n    importBatches(page: $page) {\n      totalCount\n      nodes {\n        id\n        ...ImportHistoryTable_batch\n      }\n    }\n    sources: importBatches(page: { limit: 500 }) {\n      nodes {\n        id\n        sourceName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ValidateImport($id: ID!, $mapping: ImportMappingInput!) {\n    validateImport(id: $id, mapping: $mapping) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"): (typeof documents)["\n  mutation ValidateImport($id: ID!, $mapping: ImportMappingInput!) {\n    validateImport(id: $id, mapping: $mapping) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CommitImport($id: ID!) {\n    commitImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"): (typeof documents)["\n  mutation CommitImport($id: ID!) {\n    commitImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RollbackImport($id: ID!) {\n    rollbackImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"): (typeof documents)["\n  mutation RollbackImport($id: ID!) {\n    rollbackImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DiscardImport($id: ID!) {\n    discardImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"): (typeof documents)["\n  mutation DiscardImport($id: ID!) {\n    discardImport(id: $id) {\n      id\n      ...ImportBatchPage_batch\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LineDrillNames {\n    categories {\n      id\n      name\n    }\n    businessUnits {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query LineDrillNames {\n    categories {\n      id\n      name\n    }\n    businessUnits {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LoginSession {\n    me {\n      id\n    }\n  }\n"): (typeof documents)["\n  query LoginSession {\n    me {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n"): (typeof documents)["\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedQuery($id: ID!) {\n    savedView(id: $id) {\n      ...SavedQuery_view\n    }\n  }\n"): (typeof documents)["\n  query SavedQuery($id: ID!) {\n    savedView(id: $id) {\n      ...SavedQuery_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportDeliveryView($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      kind\n      ownerName\n      shared\n    }\n  }\n"): (typeof documents)["\n  query ReportDeliveryView($id: ID!) {\n    savedView(id: $id) {\n      id\n      name\n      kind\n      ownerName\n      shared\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedViews {\n    savedViews {\n      id\n      ...SavedViewsTable_view\n    }\n  }\n"): (typeof documents)["\n  query SavedViews {\n    savedViews {\n      id\n      ...SavedViewsTable_view\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedViewOpen($id: ID!) {\n    savedView(id: $id) {\n      id\n      kind\n      definition\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n"): (typeof documents)["\n  query SavedViewOpen($id: ID!) {\n    savedView(id: $id) {\n      id\n      kind\n      definition\n      period {\n        relative\n        dateFrom\n        dateTo\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PasswordLink($token: String!) {\n    passwordLinkStatus(token: $token) {\n      valid\n      email\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query PasswordLink($token: String!) {\n    passwordLinkStatus(token: $token) {\n      valid\n      email\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPassword($token: String!, $password: String!) {\n    setPassword(token: $token, password: $password)\n  }\n"): (typeof documents)["\n  mutation SetPassword($token: String!, $password: String!) {\n    setPassword(token: $token, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierPage($id: ID!, $filter: SpendFilter) {\n    supplier(id: $id) {\n      id\n      name\n      countryCode\n      taxId\n      status\n      parent {\n        id\n        name\n      }\n      summary(filter: $filter) {\n        lineCount\n        currency\n        ...SupplierKpis_summary\n      }\n      monthlySpend(filter: $filter) {\n        ...SupplierTrendChart_month\n      }\n      categorySpend(filter: $filter) {\n        ...SupplierCategories_row\n      }\n      businessUnitSpend(filter: $filter) {\n        ...SupplierBusinessUnits_row\n      }\n      aliasUsage(filter: $filter) {\n        ...SupplierAliases_alias\n      }\n      family(filter: $filter) {\n        ...SupplierFamily_family\n      }\n      ...SupplierStatusPanel_supplier\n      ...SupplierDetailsPanel_supplier\n    }\n    contracts(filter: { supplierId: $id }, page: { limit: 500 }) {\n      totalCount\n      nodes {\n        id\n        ...SupplierContracts_contract\n      }\n    }\n  }\n"): (typeof documents)["\n  query SupplierPage($id: ID!, $filter: SpendFilter) {\n    supplier(id: $id) {\n      id\n      name\n      countryCode\n      taxId\n      status\n      parent {\n        id\n        name\n      }\n      summary(filter: $filter) {\n        lineCount\n        currency\n        ...SupplierKpis_summary\n      }\n      monthlySpend(filter: $filter) {\n        ...SupplierTrendChart_month\n      }\n      categorySpend(filter: $filter) {\n        ...SupplierCategories_row\n      }\n      businessUnitSpend(filter: $filter) {\n        ...SupplierBusinessUnits_row\n      }\n      aliasUsage(filter: $filter) {\n        ...SupplierAliases_alias\n      }\n      family(filter: $filter) {\n        ...SupplierFamily_family\n      }\n      ...SupplierStatusPanel_supplier\n      ...SupplierDetailsPanel_supplier\n    }\n    contracts(filter: { supplierId: $id }, page: { limit: 500 }) {\n      totalCount\n      nodes {\n        id\n        ...SupplierContracts_contract\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SuppliersPage($search: String, $filter: SpendFilter, $only: SupplierFilter, $sort: SupplierSort, $page: PageInput) {\n    suppliers(search: $search, filter: $filter, supplierFilter: $only, sort: $sort, page: $page) {\n      totalCount\n      dateFrom\n      dateTo\n      nodes {\n        supplier {\n          id\n        }\n        ...SupplierTable_row\n      }\n    }\n  }\n"): (typeof documents)["\n  query SuppliersPage($search: String, $filter: SpendFilter, $only: SupplierFilter, $sort: SupplierSort, $page: PageInput) {\n    suppliers(search: $search, filter: $filter, supplierFilter: $only, sort: $sort, page: $page) {\n      totalCount\n      dateFrom\n      dateTo\n      nodes {\n        supplier {\n          id\n        }\n        ...SupplierTable_row\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierCountries($filter: SpendFilter) {\n    supplierCountries(filter: $filter) {\n      code\n      supplierCount\n    }\n  }\n"): (typeof documents)["\n  query SupplierCountries($filter: SpendFilter) {\n    supplierCountries(filter: $filter) {\n      code\n      supplierCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SupplierFamilyName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query SupplierFamilyName($id: ID!) {\n    supplier(id: $id) {\n      id\n      name\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;