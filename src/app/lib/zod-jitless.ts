// Imported first by each entry: zod would test whether it may compile parsers with `new Function`,
// and under our Content-Security-Policy (no 'unsafe-eval') that test is refused and reported as a
// violation. Parsing without compiled parsers is fast enough for the app's small answers.
import { z } from 'zod';

z.config({ jitless: true });
