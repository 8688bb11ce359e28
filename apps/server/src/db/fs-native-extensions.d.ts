// The part of fs-native-extensions (Holepunch) that the data directory's lock uses; the package
// ships no types.
declare module "fs-native-extensions" {
  /** An exclusive lock on the open file: true when granted, false when another descriptor holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
