import { pingReloader } from '@/lib/version-pings';

const setup = ({ players = 100, waiting = false, served = [] as (number | null)[] } = {}) => {
  const reload = vi.fn(async () => served.shift() ?? null);
  const page = { players: () => players, waiting: () => waiting, reload };
  return { reloader: pingReloader(page), reload, page };
};

describe('pingReloader (version pings)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reloads after a random wait of up to min(players × 10 ms, 4 s)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { reloader, reload } = setup({ players: 300 });
    reloader.ping(4);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);

    // A big event waits 4 s at most.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const big = setup({ players: 10_000 });
    big.reloader.ping(4);
    await vi.advanceTimersByTimeAsync(3_995);
    expect(big.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(big.reload).toHaveBeenCalledTimes(1);
  });

  it('waits the same share of the window after every ping (drawn once per client)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    const { reloader, reload } = setup({ players: 200, served: [4, 5] });
    vi.spyOn(Math, 'random').mockReturnValue(0.9); // later draws are not used
    for (const [version, calls] of [
      [4, 1],
      [5, 2],
    ] as const) {
      reloader.ping(version);
      await vi.advanceTimersByTimeAsync(499);
      expect(reload).toHaveBeenCalledTimes(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(reload).toHaveBeenCalledTimes(calls);
    }
  });

  it('coalesces: pings during the wait share its timer (not restarted), one reload for the newest', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { reloader, reload } = setup({ players: 100, served: [6] });
    reloader.ping(4);
    await vi.advanceTimersByTimeAsync(600);
    reloader.ping(5);
    reloader.ping(6);
    await vi.advanceTimersByTimeAsync(400);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    // Served at the newest version pinged: nothing more.
    expect(reload).toHaveBeenCalledTimes(1);
    // A ping after the reload waits anew.
    reloader.ping(7);
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads at once for a player waiting to be paired, dropping a pending wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const state = { waiting: false };
    const reload = vi.fn(async () => 5);
    const reloader = pingReloader({ players: () => 1_000, waiting: () => state.waiting, reload });
    reloader.ping(4);
    state.waiting = true;
    reloader.ping(5);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads again 0.5 s, 1 s and 2 s later while a page comes back older than pinged, then stops', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { reloader, reload } = setup({ served: [4, 4, 4, 4, 4] });
    reloader.ping(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reload).toHaveBeenCalledTimes(4);
    // Still older after three more reads: no loop; the next ping will read again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(4);
  });

  it('stops reading again once a page comes back new enough', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { reloader, reload } = setup({ served: [4, 5, 5] });
    reloader.ping(5);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does nothing once cancelled (the socket closed, or everything is read again)', async () => {
    const { reloader, reload } = setup();
    reloader.ping(4);
    reloader.cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reload).not.toHaveBeenCalled();
  });
});
