// Makes sure a system Chromium exists before the browser tests start.
//
// The browser tests drive the distribution's Chromium (`/usr/bin/chromium`, or CHROME_PATH), never
// a browser Playwright downloads: the test machines have no access to Playwright's download host,
// and one browser shared with Lighthouse keeps the results comparable. A missing browser must
// stop the run loudly: a test run that silently skips the browser tests would look green.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    // Without this, apt may stop and ask a question nobody is there to answer.
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

// The journeys drive Debian's headless shell of the same Chromium when it is installed (less
// than half the CPU of the full browser: e2e/support/browser.ts); without it they drive the full
// browser, slower but the same journeys. CHROME_PATH names the one browser to use.
const headlessShellPath = '/usr/bin/chromium-headless-shell';
const wanted = process.env.CHROME_PATH ? [chromiumPath] : [chromiumPath, headlessShellPath];
const packageOf = (path) => (path === headlessShellPath ? 'chromium-headless-shell' : 'chromium');

// Installing is only attempted where it can work without a password prompt: as root (a CI
// container) with apt. Anywhere else the person running the tests decides how to install it.
const canInstall = process.getuid?.() === 0 && commandExists('apt-get');
const missing = wanted.filter((path) => !isExecutable(path));
if (missing.length > 0 && canInstall) {
  const packages = missing.map(packageOf);
  console.error(
    `Not found: ${missing.join(', ')}: installing the Debian packages ${packages.join(', ')}.`,
  );
  if (!(run('apt-get', ['update']) && run('apt-get', ['install', '-y', ...packages]))) {
    console.error(`Installing ${packages.join(', ')} failed.`);
  }
}

if (isExecutable(chromiumPath)) {
  if (!process.env.CHROME_PATH && !isExecutable(headlessShellPath)) {
    console.error(
      `No ${headlessShellPath}: the journeys drive the full Chromium, which takes about twice the CPU ` +
        '(sudo apt-get install -y chromium-headless-shell).',
    );
  }
  process.exit(0);
}

console.error(
  `Chromium not found at ${chromiumPath}. The browser tests need it.\n` +
    'Install it with: sudo apt-get install -y chromium\n' +
    'or point CHROME_PATH at an existing Chromium or Chrome executable.',
);
process.exit(1);
