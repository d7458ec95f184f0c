/**
 * What `get` answers once it is there, read through on every use (methods bound to it): a file holds a
 * server started in `beforeAll` from its top, as if it were already running. `what` names it in the error
 * a use before the start gets.
 */
export function readThrough<T extends object>(get: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = get();
      if (!target) throw new Error(`${what} starts in beforeAll: use it inside a test or a hook.`);
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
