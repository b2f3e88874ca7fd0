import { chromiumPath } from '../../infra/test-tools';

/** The chromium infra/test-tools.ts finds (npm test's pretest installs it where it may). */
export function browserPath(): string {
  const found = chromiumPath();
  if (found) return found;
  throw new Error(
    'chromium is missing: the browser tests drive a real browser. `npm test` installs it where it may (infra/test-tools.ts); else `apt-get install -y chromium` or set CHROMIUM_PATH',
  );
}
