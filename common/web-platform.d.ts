// common/ runs in browsers and in Node, and is type-checked with neither's globals (tsconfig.common.json).
// Both have the WHATWG URL API, which no ECMAScript lib declares: this is the part common/ uses.

interface URLSearchParams {
  get(name: string): string | null;
  toString(): string;
}

declare const URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: Record<string, string> | string): URLSearchParams;
};

interface URL {
  readonly origin: string;
  readonly pathname: string;
}

declare const URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
};
