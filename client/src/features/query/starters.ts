/**
 * The starter gallery of the query workbench: the questions analysts ask most, each one click to
 * open. Every document uses only fields of the current schema (starters.test.ts validates them).
 */
export interface StarterQuery {
  id: string;
  title: string;
  summary: string;
  document: string;
  /** JSON text for the variables editor. */
  variables: string;
}

/** What an empty workbench opens with. */
export const welcomeQuery = `# The GraphQL workbench: write a query against the live schema.
# Ctrl-Space completes, Ctrl-Enter runs, Shift-Ctrl-P prettifies; the Docs button opens the schema.
# Tab indents. To leave the editor by keyboard: Ctrl+M, then Tab (Ctrl+M again: Tab indents);
# on a Mac see the line below the editor.
# Start from a starter query above, or:
query Summary {
  spendSummary {
    totalSpend
    activeSuppliers
    onContractShare
  }
}
`;

export const starterQueries: readonly StarterQuery[] = [
  {
    id: 'top-suppliers',
    title: 'Top suppliers by year',
    summary: 'The 20 largest suppliers of one year, with lines and on-contract share.',
    document: `# The 20 largest suppliers of one year.
query TopSuppliersByYear($from: Date!, $to: Date!) {
  spendCube(query: {
    dimensions: [SUPPLIER]
    measures: [SPEND, LINE_COUNT, CONTRACT_COVERAGE]
    filter: { dateFrom: $from, dateTo: $to }
    limit: 20
  }) {
    currency
    columns { measure label kind currency }
    rows {
      keys { dimension label }
      values
    }
    totals { values }
  }
}
`,
    variables: '{\n  "from": "2025-01-01",\n  "to": "2025-12-31"\n}',
  },
  {
    id: 'category-by-unit',
    title: 'Spend by category and business unit',
    summary: 'Top-level categories against business units, with subtotals.',
    document: `# Spend by category and business unit, with a subtotal per category.
query SpendByCategoryAndUnit {
  spendCube(query: {
    dimensions: [CATEGORY_L1, BUSINESS_UNIT]
    measures: [SPEND, SHARE_OF_TOTAL]
    subtotals: true
  }) {
    currency
    columns { measure label kind currency }
    rows {
      depth
      keys { dimension label rolledUp }
      values
    }
  }
}
`,
    variables: '',
  },
  {
    id: 'contracts-expiring',
    title: 'Contracts expiring',
    summary: 'Active contracts ending in the next 90 days, with ceiling and spend so far.',
    document: `# Active contracts that end within the next 90 days.
query ContractsExpiring($days: Int = 90) {
  contracts(filter: { expiringWithinDays: $days }, page: { limit: 100 }) {
    totalCount
    nodes {
      number
      title
      supplier { name }
      endDate
      daysToExpiry
      ceiling
      spend
      currency
      owner { name }
    }
  }
}
`,
    variables: '{\n  "days": 90\n}',
  },
  {
    id: 'off-contract',
    title: 'Off-contract spend by supplier',
    summary: 'Suppliers with the most spend outside any contract.',
    document: `# Suppliers with the most spend outside any contract.
query OffContractBySupplier {
  spendCube(query: {
    dimensions: [SUPPLIER]
    measures: [OFF_CONTRACT_SPEND, SPEND, CONTRACT_COVERAGE]
    filter: { onContract: false }
    limit: 50
  }) {
    currency
    rows {
      keys { dimension id label }
      values
    }
    columns { measure label kind currency }
  }
}
`,
    variables: '',
  },
  {
    id: 'supplier-360',
    title: 'Supplier 360',
    summary: 'One supplier: its spend, parent, aliases, and spend by category and business unit.',
    document: `# One supplier from every side. Set the supplier's id in the variables
# (the suppliers query or the off-contract starter lists ids).
query Supplier360($id: ID!) {
  supplier(id: $id) {
    name
    countryCode
    status
    parent { name }
    aliases
    spend { total lineCount onContract }
  }
  byCategory: spendCube(query: {
    dimensions: [CATEGORY_L1]
    measures: [SPEND, LINE_COUNT]
    filter: { supplierIds: [$id] }
  }) {
    columns { measure label kind currency }
    rows { keys { dimension label } values }
  }
  byUnit: spendCube(query: {
    dimensions: [BUSINESS_UNIT]
    measures: [SPEND]
    filter: { supplierIds: [$id] }
  }) {
    columns { measure label kind currency }
    rows { keys { dimension label } values }
  }
}
`,
    variables: '{\n  "id": "1"\n}',
  },
  {
    id: 'savings',
    title: 'Savings opportunities',
    summary: 'Fragmented categories: many suppliers and low contract coverage point to consolidation.',
    document: `# Categories where spend is spread over many suppliers with little on contract:
# candidates for consolidation and new agreements.
query SavingsOpportunities {
  spendCube(query: {
    dimensions: [CATEGORY_L2]
    measures: [SPEND, SUPPLIER_COUNT, OFF_CONTRACT_SPEND, CONTRACT_COVERAGE]
    sort: [{ measure: OFF_CONTRACT_SPEND, direction: DESC }]
    limit: 25
  }) {
    currency
    columns { measure label kind currency }
    rows { keys { dimension label } values }
  }
}
`,
    variables: '',
  },
  {
    id: 'emissions',
    title: 'Emissions by category',
    summary: 'Estimated kg CO2e by category from spend-based factors, and the spend left out.',
    document: `# Estimated emissions (kg CO2e) by category, from spend-based factors.
query EmissionsByCategory {
  spendCube(query: {
    dimensions: [CATEGORY_L1]
    measures: [EMISSIONS_KG, SPEND, EMISSIONS_UNMAPPED_SPEND]
    sort: [{ measure: EMISSIONS_KG, direction: DESC }]
  }) {
    columns { measure label kind unit }
    rows { keys { dimension label } values }
    totals { values }
  }
}
`,
    variables: '',
  },
];
