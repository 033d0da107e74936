public import UnilinkStorage

extension PoolOptions {
    /// The pool of a store a test opens. A lease waits 60 s, not the server's 5: every test
    /// in the process shares the few threads that hand a connection over, and while the
    /// whole suite starts at once they may not run for several seconds. A test that leaks
    /// connections still fails, a minute later.
    public static let forTests = PoolOptions(acquireTimeout: 60)
}
