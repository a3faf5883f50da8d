// Issue #33: how many turns of the event loop pass while work runs – the tests' measure of whether a
// long loop lets waiting requests in (no clock involved).

/** How many turns of the event loop passed (setImmediate callbacks run) while `work` ran. */
export async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    counting = false;
  }
  return turns;
}
