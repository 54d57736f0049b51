// Fails when the generated files are stale: regenerates, then asks git whether anything changed.
// client/src/gql holds the persisted-operations manifest the server runs (docs/security.md), so a
// stale manifest fails here too; it is removed first, so a codegen.ts that no longer writes it
// cannot leave an old one passing.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const MANIFEST = 'client/src/gql/persisted-documents.json';

const GENERATED = ['server/src/generated', 'client/src/gql'];

rmSync(MANIFEST, { force: true });
execFileSync('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent'], { stdio: 'inherit' });
if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} was not written: codegen.ts must keep the client preset's persistedDocuments on (docs/security.md).`);
  process.exit(1);
}
const changed = execFileSync('git', ['status', '--porcelain', '--', ...GENERATED], { encoding: 'utf8' }).trim();
if (changed) {
  console.error(`Generated code is stale; run \`npm run codegen\` and commit:\n${changed}`);
  process.exit(1);
}
console.log('Generated code is up to date.');
