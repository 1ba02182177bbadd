/// The version `buzzer --version` prints. Bumped with each release; the archive's line format and
/// the protocol (`buzzer.v1`) carry versions of their own.
package enum BuzzerVersion {
    package static let current = "0.13.0"
}
