import Testing
@testable import BuzzerWebSocket

@Suite struct UTF8ValidatorTests {
    /// Validates `bytes` split every way; `nil` offset means valid. For invalid input, checks the validator
    /// reports failure on the piece containing byte `failsAt` (fail fast, Autobahn 6.4.x) and not earlier.
    func check(_ bytes: [UInt8], failsAt: Int?, sourceLocation: SourceLocation = #_sourceLocation) {
        for chunks in SplitInput.all(bytes) {
            var validator = UTF8Validator()
            var consumed = 0
            var failedInPieceEnding: Int?
            for chunk in chunks {
                let ok = chunk.withUnsafeBytes { validator.validate($0) }
                consumed += chunk.count
                if !ok {
                    failedInPieceEnding = consumed
                    break
                }
            }
            if let failsAt {
                if let end = failedInPieceEnding {
                    // The failing piece must contain the first invalid byte.
                    #expect(end > failsAt, "split \(chunks.map(\.count))", sourceLocation: sourceLocation)
                    let pieceStart = end - chunkLength(chunks, endingAt: end)
                    #expect(pieceStart <= failsAt, "failed late, split \(chunks.map(\.count))",
                        sourceLocation: sourceLocation)
                } else {
                    // Only a truncated sequence at the very end may pass piecewise; it must not be a boundary.
                    #expect(failsAt == bytes.count && !validator.isAtCharacterBoundary,
                        "split \(chunks.map(\.count))", sourceLocation: sourceLocation)
                }
            } else {
                #expect(failedInPieceEnding == nil && validator.isAtCharacterBoundary,
                    "split \(chunks.map(\.count))", sourceLocation: sourceLocation)
            }
        }
    }

    private func chunkLength(_ chunks: [[UInt8]], endingAt end: Int) -> Int {
        var total = 0
        for chunk in chunks {
            total += chunk.count
            if total == end { return chunk.count }
        }
        return 0
    }

    @Test func acceptsValidText() {
        // RFC 3629 §3: 1- to 4-byte sequences; Autobahn 6.2 "κόσμε" and U+24B62.
        check(Array("hello$world".utf8), failsAt: nil)
        check(SplitInput.bytes("ce ba e1 bd b9 cf 83 ce bc ce b5"), failsAt: nil)
        check(SplitInput.bytes("68 65 6c 6c 6f f0 a4 ad a2 77 6f 72 6c 64"), failsAt: nil)
        check(Array("∫ x² dx — quiz night 🍕".utf8), failsAt: nil)
    }

    @Test func acceptsBoundaryCodePoints() {
        // RFC 3629 §4 syntax: first and last code points of each length, and around the surrogate gap.
        for hex in ["00", "7f", "c2 80", "df bf", "e0 a0 80", "ed 9f bf", "ee 80 80", "ef bf bf",
                    "f0 90 80 80", "f4 8f bf bf", "ef bf be"] {
            check(SplitInput.bytes(hex), failsAt: nil)
        }
    }

    @Test func rejectsOverlongEncodings() {
        // RFC 3629 §3/§10: overlong forms of "/" (c0 af, e0 80 af, f0 80 80 af) and maximal overlongs.
        check(SplitInput.bytes("c0 af"), failsAt: 0)
        check(SplitInput.bytes("e0 80 af"), failsAt: 1)
        check(SplitInput.bytes("f0 80 80 af"), failsAt: 1)
        check(SplitInput.bytes("c1 bf"), failsAt: 0)
        check(SplitInput.bytes("e0 9f bf"), failsAt: 1)
        check(SplitInput.bytes("f0 8f bf bf"), failsAt: 1)
    }

    @Test func rejectsSurrogates() {
        // RFC 3629 §3: D800-DFFF are not characters (ed a0 80 = U+D800, ed bf bf = U+DFFF).
        check(SplitInput.bytes("ed a0 80"), failsAt: 1)
        check(SplitInput.bytes("ed bf bf"), failsAt: 1)
        check(SplitInput.bytes("65 64 69 74 ed a0 80 65 64"), failsAt: 5)
    }

    @Test func rejectsCodePointsAboveU10FFFF() {
        // RFC 3629 §3: nothing above U+10FFFF (f4 90 80 80 = U+110000), no F5-FF lead bytes.
        check(SplitInput.bytes("f4 90 80 80"), failsAt: 1)
        check(SplitInput.bytes("f5 80 80 80"), failsAt: 0)
        check(SplitInput.bytes("f8 88 80 80 80"), failsAt: 0)
        check(SplitInput.bytes("fe"), failsAt: 0)
        check(SplitInput.bytes("ff"), failsAt: 0)
    }

    @Test func rejectsStrayContinuationBytes() {
        // RFC 3629 §3: 80-BF cannot start a character; a lead byte needs its continuations.
        check(SplitInput.bytes("80"), failsAt: 0)
        check(SplitInput.bytes("61 bf"), failsAt: 1)
        check(SplitInput.bytes("c2 41"), failsAt: 1)
        check(SplitInput.bytes("e1 80 41"), failsAt: 2)
    }

    @Test func truncatedSequenceIsIncompleteNotInvalid() {
        // RFC 6455 §8.1: a sequence may span fragments; only the message end decides.
        check(SplitInput.bytes("ce ba e1 bd"), failsAt: 4)
        var validator = UTF8Validator()
        #expect(([0xE2, 0x82] as [UInt8]).withUnsafeBytes { validator.validate($0) })
        #expect(!validator.isAtCharacterBoundary)
        #expect(([0xAC] as [UInt8]).withUnsafeBytes { validator.validate($0) })
        #expect(validator.isAtCharacterBoundary)
    }

    @Test func failsOnFirstInvalidByteOfLongInput() {
        // Autobahn 6.4.x: a long valid ASCII run (fast path) followed by an invalid byte fails at that byte.
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 1000)
        bytes.append(0xF4)
        bytes.append(0x90)
        var validator = UTF8Validator()
        #expect(bytes.withUnsafeBytes { validator.validate(UnsafeRawBufferPointer(rebasing: $0[..<1001])) })
        #expect(!bytes.withUnsafeBytes { validator.validate(UnsafeRawBufferPointer(rebasing: $0[1001...])) })
    }

    @Test func agreesWithStandardLibraryOnAllTwoAndThreeByteInputs() {
        // Cross-check against Swift's own UTF-8 decoder over every 1-3 byte input from a spread of bytes.
        let samples: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for a in samples {
            for b in samples {
                for c in samples {
                    for bytes in [[a], [a, b], [a, b, c]] {
                        let expected = String(validating: bytes, as: UTF8.self) != nil
                        let actual = bytes.withUnsafeBytes { UTF8Validator.isValid($0) }
                        #expect(actual == expected, "\(bytes)")
                    }
                }
            }
        }
    }
}
