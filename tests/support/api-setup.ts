// Runs before every API test file (vitest.config.ts). A password hash at the production cost takes
// from a tenth of a second to two seconds on a shared 2-core machine; the sign-in tests check the
// rules around the hash (queue, limits, messages), so they hash at a small cost. The production
// cost is held by src/server/services/passwords.test.ts and the built server's sign-in in
// tests/servers/built-server.test.ts.
import { lowerHashCostForTests } from '../../src/server/services/passwords';

lowerHashCostForTests(2 ** 10);
