// A small in-memory Storage standing in for the browser's localStorage in the Node tests; `full`
// makes every write fail as a full quota does.
export class MemoryStorage {
  constructor() {
    this.items = new Map();
    this.full = false;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    if (this.full) {
      const e = new Error("The quota has been exceeded.");
      e.name = "QuotaExceededError";
      e.code = 22;
      throw e;
    }
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
}
