// Quick mode (`pnpm bench:quick`, or CROSSWIRE_BENCH_QUICK=1): every bench runs its whole code
// on small sizes and few runs, so CI notices a bench that no longer runs (a renamed export, a
// changed event) without spending minutes. Quick numbers are not worth reading and nothing
// asserts on them; `pnpm bench` runs the full sizes.
export const quick = process.env.CROSSWIRE_BENCH_QUICK === '1';

/** `full` in a real run, `small` in quick mode. */
export const sized = (full, small) => (quick ? small : full);

/** The number after `--name=` on the command line, else `fallback` (`small` in quick mode). */
export const option = (name, fallback, small = fallback) => {
  const given = process.argv.find((argument) => argument.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : sized(fallback, small);
};

/** mitata `measure` options: its defaults, or a handful of samples in quick mode. */
export const measureOptions = quick
  ? { min_samples: 2, max_samples: 4, warmup_samples: 1, min_cpu_time: 0, batch_samples: 1 }
  : {};
