import { z } from 'zod';

// Zod probes for eval (`new Function`) to compile faster parsers. Our CSP has no 'unsafe-eval', so
// the probe fails quietly but the browser still reports a CSP violation (Lighthouse best practices).
// A form validates a handful of fields: the interpreted parser is plenty. Import before parsing.
z.config({ jitless: true });
