/**
 * The one way SQL is written in Spendscope: a tagged template that keeps text and values apart.
 * Interpolated values always become bound parameters; only other `Sql` fragments (written as
 * literals in our own code, e.g. the column a dimension enum maps to) are spliced in as text.
 * There is deliberately no way to splice an arbitrary string.
 */
export type SqlValue = string | number | boolean | bigint | null;

export class Sql {
  /** @internal text pieces; values sit between them. */
  readonly strings: readonly string[];
  /** @internal bound values, one between each pair of strings. */
  readonly values: readonly SqlValue[];

  constructor(strings: readonly string[], values: readonly SqlValue[]) {
    if (strings.length !== values.length + 1) throw new Error('Sql: strings must be one more than values');
    this.strings = strings;
    this.values = values;
  }

  /** Positional form (`$1`, `$2`, …), understood by both DuckDB and PostgreSQL. */
  toQuery(): { text: string; values: SqlValue[] } {
    let text = this.strings[0];
    for (let i = 0; i < this.values.length; i++) text += `$${i + 1}` + this.strings[i + 1];
    return { text, values: [...this.values] };
  }

  get isEmpty(): boolean {
    return this.values.length === 0 && this.strings[0].trim() === '';
  }
}

function isSqlValue(v: unknown): v is SqlValue {
  return v === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof v);
}

export function sql(strings: TemplateStringsArray, ...params: Array<SqlValue | Sql>): Sql {
  const outStrings: string[] = [strings[0]];
  const outValues: SqlValue[] = [];
  params.forEach((param, i) => {
    if (param instanceof Sql) {
      // Splice the fragment: its first string joins our current string, its values follow.
      outStrings[outStrings.length - 1] += param.strings[0];
      param.values.forEach((v, j) => {
        outValues.push(v);
        outStrings.push(param.strings[j + 1]);
      });
      outStrings[outStrings.length - 1] += strings[i + 1];
    } else if (isSqlValue(param)) {
      if (typeof param === 'number' && !Number.isFinite(param)) throw new Error('Sql: non-finite number');
      outValues.push(param);
      outStrings.push(strings[i + 1]);
    } else {
      throw new Error(`Sql: cannot bind a value of type ${typeof param}`);
    }
  });
  return new Sql(outStrings, outValues);
}

/**
 * Joins fragments with a separator fragment (`, ` by default), in one pass: time linear in the
 * parts' size (folding pairwise copied the growing whole at every step, so 100,000 bound values
 * took minutes of the event loop).
 */
sql.join = function join(parts: readonly Sql[], separator: Sql = sql`, `): Sql {
  if (parts.length === 0) return sql``;
  const outStrings: string[] = [];
  const outValues: SqlValue[] = [];
  let pending = '';
  const append = (fragment: Sql) => {
    pending += fragment.strings[0];
    for (let j = 0; j < fragment.values.length; j++) {
      outStrings.push(pending);
      outValues.push(fragment.values[j]);
      pending = fragment.strings[j + 1];
    }
  };
  parts.forEach((part, i) => {
    if (i > 0) append(separator);
    append(part);
  });
  outStrings.push(pending);
  return new Sql(outStrings, outValues);
};

/** `(v1, v2, …)` with every value bound. Refuses an empty list: `IN ()` is not SQL. */
sql.list = function list(values: readonly SqlValue[]): Sql {
  if (values.length === 0) throw new Error('Sql: empty list');
  return sql`(${sql.join(values.map((v) => sql`${v}`))})`;
};

/** `a AND b AND …`, or `TRUE` when there are no conditions. */
sql.and = function and(conditions: readonly Sql[]): Sql {
  const present = conditions.filter((c) => !c.isEmpty);
  return present.length === 0 ? sql`TRUE` : sql.join(present.map((c) => sql`(${c})`), sql` AND `);
};

/**
 * An integer written into the SQL text rather than bound: planners need some values as
 * literals (DuckDB plans `ORDER BY … LIMIT` as a top-N heap only for a constant limit).
 * Only safe integers are accepted, so nothing but digits can reach the text.
 */
sql.int = function int(value: number): Sql {
  if (!Number.isSafeInteger(value)) throw new Error(`Sql: ${value} is not a safe integer`);
  return new Sql([String(value)], []);
};

/**
 * `expr` (an exact DECIMAL) rounded half to even at 2 places, as a DECIMAL(38,2), in SQL both
 * engines share (DuckDB's ROUND rounds half away from zero; PostgreSQL has no round-half-even).
 * Ties go to the even cent. Exact at every size, like `divRoundHalfEven` in JS: DuckDB's `/`
 * gives a DOUBLE (whole cents past 2^53 came back off by up to a few cents), so cents go back to
 * units and are halved by multiplying by 0.01 and 0.5; and the scaling by 100 is done in 38
 * digits, since DuckDB multiplies two DECIMALs of at most 18 digits in 64 bits and fails with
 * "Overflow in multiplication of DECIMAL(18)" past 10^18 of the last unit. `expr` itself must
 * be worked out that wide: widen an operand (`CAST(s.amount AS DECIMAL(38,2)) * r.rate`).
 */
sql.roundHalfEvenCentsWide = function roundHalfEvenCentsWide(expr: Sql): Sql {
  const scaled = sql`((${expr}) * CAST(100 AS DECIMAL(38,0)))`;
  const floor = sql`FLOOR(${scaled})`;
  const frac = sql`(${scaled} - ${floor})`;
  return sql`((CASE WHEN ${frac} > 0.5 THEN ${floor} + 1 WHEN ${frac} < 0.5 THEN ${floor}
    WHEN ${floor} - 2 * FLOOR(${floor} * 0.5) = 0 THEN ${floor} ELSE ${floor} + 1 END) * 0.01)`;
};

/**
 * `sql.roundHalfEvenCentsWide` as a stored amount, DECIMAL(18,2): a result of 10^16 or more is an
 * overflow error of the engine, so a caller that can meet one checks first (reference.queries.ts).
 */
sql.roundHalfEvenCents = function roundHalfEvenCents(expr: Sql): Sql {
  return sql`CAST(${sql.roundHalfEvenCentsWide(expr)} AS DECIMAL(18,2))`;
};

/**
 * A table or column name written into the SQL text, for statements over names read from the
 * database's own catalogue (moving a database): lower-case letters, digits and `_` only.
 */
sql.identifier = function identifier(name: string): Sql {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Sql: ${JSON.stringify(name)} is not a plain identifier`);
  return new Sql([name], []);
};

/** Characters a file path may have to be written into SQL text (our own temporary files only). */
const SAFE_PATH = /^[A-Za-z0-9_./-]+$/;

/**
 * A file path as a string literal, for the statements that take no parameters (COPY). Only paths
 * made by our own code, of letters, digits and `_ . / -`, are accepted: nothing else can reach the text.
 */
sql.filePath = function filePath(path: string): Sql {
  if (!SAFE_PATH.test(path)) throw new Error('Sql: a file path with characters outside [A-Za-z0-9_./-]');
  return new Sql([`'${path}'`], []);
};
