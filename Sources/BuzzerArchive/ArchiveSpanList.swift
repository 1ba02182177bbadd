/// One room's ranges in the log, packed: when 500 rooms interleave, every line is a range of its
/// own, and a whole `(file, offset, length)` of 24 bytes a line was a third of the game's memory
/// (issue 43). Packed, a line of ~150 bytes among 500 rooms costs 5 bytes (a 3-byte gap, a 2-byte
/// length).
///
/// The ranges before the last are LEB128 varints, per range either
/// - `gap << 1` (its start counted from the previous range's end, same file), then its length; or
/// - `offset << 1 | 1`, the file's id, then its length: when the file changes or the offset goes
///   back (recovery and adoption never do that within a file, but nothing traps if they do).
///
/// The packing starts as if a range of file 0 had ended at 0. The last range stays whole, so the
/// room's next line extends it in place (lines that follow each other share a range); appending
/// is O(1) amortised. Reading the list back (a game read, rare) decodes it from the start.
///
/// Offsets and lengths are those `ArchiveIndex.add` let through (offset ≥ 0, length > 0): any
/// `Int` up to `Int.max` packs and unpacks exactly, in `UInt64` arithmetic that cannot overflow.
struct ArchiveSpanList: Sendable, Equatable {
    /// One run of a room's lines in one file (`file` is the index's id for the file's name).
    struct Span: Sendable, Equatable {
        var file: Int32
        var offset: Int
        var length: Int
    }

    /// The packed ranges (all but the last).
    private(set) var packed: [UInt8] = []
    /// The last range, kept whole to be extended.
    private var last: Span?
    /// Where the last packed range ended: the next packed gap counts from there.
    private var packedFile: Int32 = 0
    private var packedEnd: UInt64 = 0
    /// Ranges held, the last included.
    private(set) var count = 0

    init() {}

    /// Extends the last range when `span` starts where it ends, in the same file (and the sum of
    /// the lengths is an `Int`); else packs the last range and keeps `span` as the new last.
    mutating func add(_ span: Span) {
        if let open = last {
            if open.file == span.file, UInt64(open.offset) + UInt64(open.length) == UInt64(span.offset) {
                let (sum, overflow) = open.length.addingReportingOverflow(span.length)
                if !overflow {
                    last?.length = sum
                    return
                }
            }
            pack(open)
        }
        last = span
        count += 1
    }

    /// The ranges in the order they were added.
    func forEach(_ body: (Span) -> Void) {
        var file = Int32(0), end = UInt64(0), at = 0
        while at < packed.count {
            let head = Self.varint(packed, at: &at)
            let offset: UInt64
            if head & 1 == 0 {
                offset = end &+ head >> 1
            } else {
                offset = head >> 1
                file = Int32(bitPattern: UInt32(truncatingIfNeeded: Self.varint(packed, at: &at)))
            }
            let length = Self.varint(packed, at: &at)
            body(Span(file: file, offset: Int(truncatingIfNeeded: offset), length: Int(truncatingIfNeeded: length)))
            end = offset &+ length
        }
        if let last { body(last) }
    }

    /// Bytes the packed ranges take (not the storage's growth slack).
    var packedBytes: Int { packed.count }

    /// Bytes the packed ranges' storage has reserved.
    var reservedBytes: Int { packed.capacity }

    /// Gives back the storage's growth slack: for a room whose game is over, which writes little more.
    mutating func compact() {
        guard packed.capacity > packed.count else { return }
        packed = packed.withUnsafeBufferPointer { Array($0) }
    }

    private mutating func pack(_ span: Span) {
        let offset = UInt64(span.offset), length = UInt64(span.length)
        if span.file == packedFile, offset >= packedEnd {
            Self.append((offset - packedEnd) << 1, to: &packed)
        } else {
            Self.append(offset << 1 | 1, to: &packed)
            Self.append(UInt64(UInt32(bitPattern: span.file)), to: &packed)
        }
        Self.append(length, to: &packed)
        packedFile = span.file
        packedEnd = offset + length
    }

    /// LEB128: seven bits a byte, low first, the high bit set on every byte but the last.
    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func varint(_ bytes: [UInt8], at index: inout Int) -> UInt64 {
        var value = UInt64(0), shift = UInt64(0)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }
}
