// Fails when the generated files are stale: regenerates, then asks git whether anything changed.
import { execFileSync } from 'node:child_process';

const GENERATED = ['server/src/generated', 'client/src/gql'];

execFileSync('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent'], { stdio: 'inherit' });
const changed = execFileSync('git', ['status', '--porcelain', '--', ...GENERATED], { encoding: 'utf8' }).trim();
if (changed) {
  console.error(`Generated code is stale; run \`npm run codegen\` and commit:\n${changed}`);
  process.exit(1);
}
console.log('Generated code is up to date.');
