/// Server wall-clock time in milliseconds since the Unix epoch. The app reads the clock and
/// passes instants in with every command, and the ones that matter are stored in events, so
/// the domain never reads a clock and replaying a log needs none.
package typealias GameInstant = Int64

/// A span of time in milliseconds.
package typealias GameDuration = Int64
