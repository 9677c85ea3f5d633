import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const oneWay = (...areas) =>
  areas.map((area) => ({
    // A leading '#' starts a comment in these gitignore-style patterns: escape it.
    group: [`\\#${area}/*`, `**/${area}/*`],
    message: `Imports run one way: common ← server, common ← web. This folder may not import ${area}/.`,
  }));

const noImportsFrom = (...areas) => ({ 'no-restricted-imports': ['error', { patterns: oneWay(...areas) }] });

// The server's own boundaries. ESLint does not merge a rule's options across blocks: each block
// below states every pattern that holds for its files.
const drizzleInRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only *.repository.ts files (and server/db/) use Drizzle: add the query to a repository.',
};
const featureThroughService = {
  group: ['\\#server/features/*/*', '!\\#server/features/*/*.service.ts'],
  message: "A feature reaches another only through its service (<feature>.service.ts or <feature>.<part>.service.ts), never its repository, routes or internals.",
};
const serverImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...oneWay('web'), ...patterns] }] });

const root = import.meta.dirname;

// The server's floors: the platform (and the folders it is being gathered from) stands below the
// features and imports none of them; app.ts and the operator's commands compose both. Resolved to
// files, so an alias and a relative path count alike.
const platformBelowFeatures = {
  target: ['server/platform', 'server/plugins', 'server/integrations', 'server/db', 'server/config', 'server/project-root.ts'],
  from: 'server/features',
  message: 'The platform stands below the features and imports none of them: app.ts (or the feature\'s module) hands it what it needs.',
};

// Each table has one owner: a feature's repository imports only its own schema file
// (server/db/schema/<feature>.ts or <feature>.<part>.ts) and the shared column helpers; another
// feature's rows come through that feature's service.
const schemaFiles = readdirSync(new URL('server/db/schema/', import.meta.url));
const serverFeatures = readdirSync(new URL('server/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const schemaOwners = serverFeatures.map((feature) => ({
  target: `server/features/${feature}/**/*.repository.ts`,
  from: 'server/db/schema',
  except: ['columns.ts', ...schemaFiles.filter((file) => file === `${feature}.ts` || file.startsWith(`${feature}.`))].map((file) => `./${file}`),
  message: `A repository reads and writes only its own feature's tables (server/db/schema/${feature}.ts): ask the other feature's service.`,
}));

const processEnvOutsideConfig = {
  object: 'process',
  property: 'env',
  message: 'Configuration is read only in server/config/ (parsed once at boot): take it from app.config or the deps you are given.',
};

const importResolution = {
  // Imports resolved to files, as Node resolves them (package.json "imports" included): for the
  // server's floors and for cycles, an alias and a relative path are the same import.
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver()],
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
};
const floors = (...zones) => ({
  files: ['server/**/*.ts'],
  // Tests set up and check state directly: they may reach any table or module.
  ignores: ['server/**/*.test.ts', 'server/test/**'],
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
});

/**
 * The floors with the tables' owners, on in the config below and shown on its fixture by
 * scripts/lint-boundaries.test.ts: a repository that needs another feature's rows asks that
 * feature's service, which may hand it a subquery to join (`accountsToJoin`, `serviceTitlesToJoin`)
 * so a searched and paged list stays one query.
 */
export const floorsWithTableOwners = floors(platformBelowFeatures, ...schemaOwners);

// The web's boundaries (Bulletproof React's zones): components/ and lib/ are shared by everyone and
// import neither features nor the app; a feature imports no other feature; the app (web/app) composes
// features. Relative imports stay inside their feature: anything else goes through #web/….
const webFeatures = readdirSync(new URL('web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noAppImports = { group: ['\\#web/app/**'], message: 'Only web/app composes: it imports features and shared code, never the other way round.' };
const webImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...oneWay('server'), ...patterns] }] });
const webFeatureBlocks = webFeatures.flatMap((feature) => {
  const noOtherFeature = {
    regex: `^#web/features/(?!${feature}/)`,
    message: 'A feature imports no other feature: move what several use to web/components/ or web/lib/, or compose them in web/app.',
  };
  const outside = (depth) => ({ group: [`${'../'.repeat(depth)}*`], message: 'A relative import stays inside its feature; import other folders through #web/….' });
  return [
    { files: [`web/features/${feature}/**/*.{ts,tsx}`], rules: webImports(noAppImports, noOtherFeature, outside(2)) },
    { files: [`web/features/${feature}/*.{ts,tsx}`], rules: webImports(noAppImports, noOtherFeature, outside(1)) },
  ];
});

export default tseslint.config(
  // scripts/lint-fixtures/ break the boundaries on purpose: scripts/lint-boundaries.test.ts lints them.
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'screens/', 'scripts/lint-fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImportsFrom('server') },
  },
  {
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: webImports(
      noAppImports,
      { group: ['\\#web/features/**'], message: 'Shared code (web/components, web/lib) imports no feature: web/app passes the piece in.' },
      { group: ['../*'], message: 'Import another folder through #web/….' },
    ),
  },
  ...webFeatureBlocks,
  { files: ['common/**/*.ts'], rules: noImportsFrom('server', 'web') },
  { files: ['server/**/*.ts'], rules: serverImports(drizzleInRepositories) },
  { files: ['server/features/**/*.ts'], rules: serverImports(drizzleInRepositories, featureThroughService) },
  { files: ['server/db/**/*.ts', 'server/**/*.repository.ts'], rules: serverImports() },
  { files: ['server/features/**/*.repository.ts'], rules: serverImports(featureThroughService) },
  // Tests set up and check state directly: they may reach any table or module.
  { files: ['server/**/*.test.ts', 'server/test/**/*.ts'], rules: serverImports() },
  importResolution,
  // No import cycle, anywhere. Imports of types only do not count (they are gone at run time), nor
  // does a part loaded lazily that imports its loader back (the toasts' view): it runs after it.
  { files: ['**/*.{ts,tsx}'], rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] } },
  floorsWithTableOwners,
  {
    files: ['server/**/*.ts', 'common/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['server/config/**', 'server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-restricted-properties': ['error', processEnvOutsideConfig] },
  },
);
