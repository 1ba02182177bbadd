/// One fuzzer input split into a settings byte, a chunk-size pattern and the bytes to feed.
///
/// Layout: `[flags] [s0 s1 s2 s3] payload…`. The payload is fed in pieces of `s[i % 4] + 1` bytes
/// (255 means "everything left"), so the fuzzer itself explores how socket reads split frames and
/// request heads, which is where incremental parsers usually break.
struct FuzzInput {
    /// Chooses the configuration variant; each target documents its bits.
    let flags: UInt8
    let chunkSizes: [UInt8]
    let payload: UnsafeRawBufferPointer

    /// Nil when the input is too short to carry the five leading bytes.
    init?(_ data: UnsafePointer<UInt8>, _ size: Int) {
        guard size >= 5 else { return nil }
        flags = data[0]
        chunkSizes = [data[1], data[2], data[3], data[4]]
        payload = UnsafeRawBufferPointer(start: data + 5, count: size - 5)
    }

    /// Calls `body` with consecutive slices of `payload` following the chunk-size pattern.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Void) {
        var offset = 0
        var index = 0
        while offset < payload.count {
            let pattern = chunkSizes[index % chunkSizes.count]
            let size = pattern == 255 ? payload.count - offset : min(Int(pattern) + 1, payload.count - offset)
            body(UnsafeRawBufferPointer(rebasing: payload[offset..<(offset + size)]))
            offset += size
            index += 1
        }
    }
}
