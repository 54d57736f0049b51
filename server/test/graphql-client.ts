import { expect } from 'vitest';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown>; path?: unknown[] }>;
  headers: Headers;
}

/** A browser-like GraphQL client over real HTTP that keeps the session cookie. */
export class GraphQLClient {
  private cookie = '';

  /** `address` is sent as X-Forwarded-For, which the server trusts from loopback only, to act as distinct clients. */
  constructor(private readonly url: string, private readonly address?: string) {}

  async request<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
    return this.send<T>({ query, variables });
  }

  /** Any GraphQL-over-HTTP request: a JSON POST of `request`, or with `get` a GET of its fields as search parameters (objects as JSON). */
  async send<T = Record<string, unknown>>(request: Record<string, unknown>, options: { get?: boolean; headers?: Record<string, string> } = {}): Promise<GraphQLResponse<T>> {
    const headers = {
      ...(options.get ? {} : { 'content-type': 'application/json' }),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(this.address ? { 'x-forwarded-for': this.address } : {}),
      ...options.headers,
    };
    const search = new URLSearchParams(Object.entries(request).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const res = options.get
      ? await fetch(`${this.url}/graphql?${search}`, { headers })
      : await fetch(`${this.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(request) });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0];
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const body = (await res.json()) as { data?: T | null; errors?: GraphQLResponse['errors'] };
    return { status: res.status, data: body.data ?? null, errors: body.errors, headers: res.headers };
  }

  /** Runs an operation and fails the test on any GraphQL error (graphql-hive's expectNoGraphQLErrors). */
  async ok<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await this.request<T>(query, variables);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data as T;
  }

  /** Runs an operation expected to fail and returns its first error's code. */
  async errorCode(query: string, variables: Record<string, unknown> = {}): Promise<{ code: string; message: string; extensions: Record<string, unknown> }> {
    const res = await this.request(query, variables);
    expect(res.errors?.length, `expected an error, got ${JSON.stringify(res.data)}`).toBeGreaterThan(0);
    const [first] = res.errors!;
    return { code: String(first.extensions?.code), message: first.message, extensions: first.extensions ?? {} };
  }

  /** The same session against another server: another process on the same database (docs/scale-out.md). */
  at(url: string): GraphQLClient {
    const client = new GraphQLClient(url, this.address);
    client.cookie = this.cookie;
    return client;
  }

  get sessionCookie(): string {
    return this.cookie;
  }

  static async signedIn(url: string, email: string, password = 'spendscope-demo', address?: string): Promise<GraphQLClient> {
    const client = new GraphQLClient(url, address);
    await client.ok(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { user { id } } }`, { e: email, p: password });
    return client;
  }
}

export const DEMO = {
  admin: 'admin@spendscope.test',
  finance: 'finance@spendscope.test',
  catman: 'catman@spendscope.test',
  analyst: 'analyst@spendscope.test',
  viewer: 'viewer@spendscope.test',
} as const;
