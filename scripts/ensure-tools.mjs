// Makes sure the command-line tools the unit and API tests call exist before vitest starts.
//
// The conformance tests check the server against independent implementations, some of which are
// Debian programs (oathtool computes authenticator-app codes). The tests themselves install
// nothing; this runs first in `npm run test:unit`, says nothing when all is there, and installs
// what is missing only where that needs no password (root with apt, as in a CI container). A
// tool that cannot be installed stops the run: skipped conformance tests would look green.
import { spawnSync } from 'node:child_process';

/** Each command the tests run, with the Debian package that provides it. */
const TOOLS = [{ command: 'oathtool', debianPackage: 'oathtool' }];

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs quietly; its output is shown only when it fails. */
function run(command, args) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    // Without this, apt may stop and ask a question nobody is there to answer.
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.status === 0;
}

const missing = TOOLS.filter((tool) => !commandExists(tool.command));
if (missing.length === 0) process.exit(0);

const packages = missing.map((tool) => tool.debianPackage);
const canInstall = process.getuid?.() === 0 && commandExists('apt-get');
if (canInstall) {
  console.error(`Installing the Debian packages the tests need: ${packages.join(', ')}.`);
  // A fresh container may have no package lists yet.
  const installed =
    run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', ...packages]);
  if (installed && missing.every((tool) => commandExists(tool.command))) process.exit(0);
}

console.error(
  `Missing ${missing.map((tool) => tool.command).join(', ')}: the tests need them.\n` +
    `Install with: sudo apt-get install -y ${packages.join(' ')}`,
);
process.exit(1);
