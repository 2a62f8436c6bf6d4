import fc from 'fast-check';

// Property tests run fast-check's default 100 cases; `FC_NUM_RUNS=20000 npx vitest run …` soaks
// them before a change to a parser or a scanner lands (a rare counterexample once reached CI first).
const runs = Number(process.env.FC_NUM_RUNS ?? '');
if (Number.isInteger(runs) && runs > 0) fc.configureGlobal({ numRuns: runs });
