/**
 * Group commit: writes that arrive while the previous group is being written wait for it and then
 * go together, as one statement, instead of one statement (and one commit) each. Under load a group
 * holds every request that came in meanwhile; a lone request is written at once. Each caller is
 * answered only once its group is stored, so nothing acknowledged is lost.
 *
 * `write` receives the group in arrival order and answers one result per item, in the same order.
 * When a group fails as a whole, each of its items is written alone, so that one bad item fails
 * only its own caller.
 */
export class WriteCoalescer<Item, Result> {
  readonly #write: (items: Item[]) => Promise<Result[]>;
  readonly #maxGroup: number;
  #waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  #writing = false;

  constructor(write: (items: Item[]) => Promise<Result[]>, options: { maxGroup?: number } = {}) {
    this.#write = write;
    this.#maxGroup = options.maxGroup ?? 200;
  }

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#waiting.length) {
        // Let the requests already at the door reach their write first. The embedded database works
        // on this thread, so nothing else arrives while it writes: without this turn of the event
        // loop, every group would hold one write.
        await new Promise((resolve) => setImmediate(resolve));
        const group = this.#waiting.splice(0, this.#maxGroup);
        try {
          const results = await this.#write(group.map((entry) => entry.item));
          group.forEach((entry, index) => {
            entry.resolve(results[index]!);
          });
        } catch (error) {
          if (group.length === 1) group[0]!.reject(error);
          else
            await Promise.all(
              group.map((entry) => this.#write([entry.item]).then(([result]) => entry.resolve(result!), entry.reject)),
            );
        }
      }
    } finally {
      this.#writing = false;
    }
  }
}
