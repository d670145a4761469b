import fc from 'fast-check';

// Every property runs from one seed, so a run in CI draws the same cases as the run that passed
// before it. FC_SEED explores other cases: `FC_SEED=123 npx vitest run --project unit`.
const seed = Number(process.env.FC_SEED ?? 20_261_123);
fc.configureGlobal({ seed: Number.isInteger(seed) ? seed : 20_261_123 });
