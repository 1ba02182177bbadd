/// A command that could not do its job for a reason outside its command line: a port in use, a
/// config file missing or broken, an address that does not resolve. ArgumentParser prints such an
/// error as one line (`Error: …`) and exits with status 1. A bad argument stays a
/// `ValidationError`, which adds the usage text and exits with status 64.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    init(_ error: some Error) {
        self.description = "\(error)"
    }
}
