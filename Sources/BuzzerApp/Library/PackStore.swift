import BuzzerGame
import BuzzerGameJSON
import Foundation
import Synchronization

/// The question library's folder as a store: one pack per file (`<id>.json`, pretty JSON that
/// diffs well in git), an index in memory for listing and search, versions from the bytes, and
/// writes that a crash never leaves half done (docs/question-library.md).
///
/// The folder stays the source of truth, but reads never scan it: they use the index, which
/// `refreshIfStale` brings in line (file sizes and modification times, re-reading just the files
/// that changed) when the folder's own time moved or `rescanSeconds` passed, and which
/// `keepFresh` refreshes on a timer off the loops. A room's `create` on a connection's loop thus
/// reads memory only, and sees a file changed by hand within `rescanSeconds`.
package final class PackStore: Sendable {
    package let directory: String
    package let limits: QuestionPackLimits
    fileprivate let index = Mutex(Index())
    /// The last look at the folder; held for the whole of a refresh, so two never run at once.
    private let scan = Mutex<Scan?>(nil)
    /// Set once the folder was scanned: reads then never touch `scan`, which a refresh holds while
    /// it reads the disk, so a loop never waits behind one.
    private let scanned = Atomic<Bool>(false)
    /// A file edited in place changes its own time, not the folder's: this is how stale it may get.
    static let rescanSeconds = 1.0
    /// Writes go one at a time, so an `If-Match` check and its rename cannot interleave with another.
    private let writing = Mutex(())

    /// One pack as the index holds it.
    struct Entry: Sendable {
        var id: String
        var pack: QuestionPack
        var etag: String
        var size: Int
        var modified: Double
        /// `TextNormalizer.fold` of everything a search looks at, once.
        var searchText: String
    }

    fileprivate struct Index: Sendable {
        var entries: [String: Entry] = [:]
        /// Files that do not load, by id, with when they were seen (so they are not re-read each time).
        var broken: [String: (size: Int, modified: Double, problem: String)] = [:]
    }

    private struct Scan {
        /// The folder's modification time when it was listed (nil: no folder).
        var folderModified: timespec?
        /// Monotonic seconds at the listing.
        var at: Double
        /// The folder changed within a clock tick of the listing: a change in that same tick would
        /// leave its time as it was (git's "racily clean"), so the next look scans again.
        var racy: Bool
    }

    package init(directory: String, limits: QuestionPackLimits) {
        self.directory = directory
        self.limits = limits
    }

    // MARK: - Reading

    /// The valid packs, by title then id: the order pages are cut from, stable between requests.
    /// From the index (scanned once if it never was).
    func entries() -> [Entry] {
        scanOnce()
        return index.withLock { Array($0.entries.values) }
            .sorted { ($0.pack.title.lowercased(), $0.id) < ($1.pack.title.lowercased(), $1.id) }
    }

    /// The pack `id` with its bytes as stored and its version.
    func entry(_ id: String) -> Entry? {
        guard Self.isValidID(id) else { return nil }
        scanOnce()
        return index.withLock { $0.entries[id] }
    }

    /// Files in the folder that do not load, with the first problem: for the start-up log.
    package func brokenFiles() -> [(id: String, problem: String)] {
        refreshIfStale()
        return index.withLock { $0.broken.map { ($0.key, $0.value.problem) } }.sorted { $0.id < $1.id }
    }

    /// One `stat` of the folder, and a scan only if it changed (a pack added, removed, or saved by
    /// rename as editors and `cp` do), if the last scan was racy, or if `rescanSeconds` passed (a
    /// file rewritten in place). Blocking: call it off the loops.
    func refreshIfStale() {
        scan.withLock { last in
            let folder = Self.modified(directory), now = Self.monotonicSeconds()
            if let last = last, !last.racy, Self.same(last.folderModified, folder), now - last.at < Self.rescanSeconds { return }
            scanFolder(&last)
        }
    }

    /// Scans the folder and refreshes every `rescanSeconds` on `queue` while the store lives: the
    /// index a room's `create` reads on its loop stays fresh without a scan there.
    package func keepFresh(on queue: DispatchQueue) {
        refreshIfStale()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.rescanSeconds, repeating: Self.rescanSeconds, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in
            guard let self else {
                timer.cancel()
                return
            }
            self.refreshIfStale()
        }
        timer.activate()
    }

    /// The first read of a store never scanned (a command-line tool's) scans it; the server's was
    /// scanned at start, so there this is one atomic load.
    private func scanOnce() {
        guard !scanned.load(ordering: .acquiring) else { return }
        scan.withLock { last in
            if last == nil { scanFolder(&last) }
        }
    }

    /// Brings the index in line with the folder (new and changed files read, removed ones dropped).
    func refresh() {
        scan.withLock { scanFolder(&$0) }
    }

    private func scanFolder(_ last: inout Scan?) {
        // The folder's time before the listing: a change during it is seen by the next look.
        let folder = Self.modified(directory)
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        let racy = folder.map { Self.seconds(wall) - Self.seconds($0) < 0.1 } ?? false
        last = Scan(folderModified: folder, at: Self.monotonicSeconds(), racy: racy)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var seen: [String: (size: Int, modified: Double)] = [:]
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let id = String(name.dropLast(5))
            guard Self.isValidID(id), let stat = Self.fileStat(directory + "/" + name) else { continue }
            seen[id] = stat
        }
        let stale: [String] = index.withLock { index in
            for id in index.entries.keys where seen[id] == nil { index.entries[id] = nil }
            for id in index.broken.keys where seen[id] == nil { index.broken[id] = nil }
            return seen.compactMap { id, stat in
                if let entry = index.entries[id], entry.size == stat.size, entry.modified == stat.modified { return nil }
                if let broken = index.broken[id], broken.size == stat.size, broken.modified == stat.modified { return nil }
                return id
            }
        }
        for id in stale { load(id, stat: seen[id]!) }
        scanned.store(true, ordering: .releasing)
    }

    private func load(_ id: String, stat: (size: Int, modified: Double)) {
        guard let data = FileManager.default.contents(atPath: path(of: id)) else { return }
        let bytes = Array(data)
        do {
            let pack = try QuestionPack.decode(json: bytes, limits: limits)
            let entry = Entry(id: id, pack: pack, etag: Self.etag(of: bytes), size: stat.size, modified: stat.modified,
                              searchText: Self.searchText(of: pack))
            index.withLock {
                $0.entries[id] = entry
                $0.broken[id] = nil
            }
        } catch {
            let problem = error.errors.first?.description ?? "it could not be read"
            index.withLock {
                $0.entries[id] = nil
                $0.broken[id] = (stat.size, stat.modified, problem)
            }
        }
    }

    // MARK: - Writing

    /// Adds a pack under an id made from its title; returns the id and the new version.
    func create(_ pack: QuestionPack) throws(PackStoreError) -> (id: String, etag: String) {
        try writing.withLock { _ throws(PackStoreError) in
            refresh()
            let id = freeID(for: pack.title)
            let etag = try write(pack, id: id)
            return (id, etag)
        }
    }

    /// Replaces pack `id` (creating it if new and `ifMatch` is nil). `ifMatch` is the `If-Match`
    /// header: a list of versions, or `*`; a stale one fails with `.versionMismatch`.
    func replace(_ id: String, with pack: QuestionPack, ifMatch: String?) throws(PackStoreError) -> (etag: String, created: Bool) {
        guard Self.isValidID(id) else { throw .invalidID(id) }
        return try writing.withLock { _ throws(PackStoreError) in
            refresh()
            let current = index.withLock { $0.entries[id]?.etag }
            try Self.check(ifMatch, against: current)
            let etag = try write(pack, id: id)
            return (etag, current == nil)
        }
    }

    func delete(_ id: String, ifMatch: String?) throws(PackStoreError) {
        guard Self.isValidID(id) else { throw .notFound(id) }
        try writing.withLock { _ throws(PackStoreError) in
            refresh()
            guard let current = index.withLock({ $0.entries[id]?.etag }) else { throw .notFound(id) }
            try Self.check(ifMatch, against: current)
            guard unlink(path(of: id)) == 0 else { throw .io("could not remove \(id).json: \(String(cString: strerror(errno)))") }
            AtomicFile.syncDirectory(directory)
            index.withLock { $0.entries[id] = nil }
        }
    }

    /// Atomically (`AtomicFile`): a crash leaves the old pack or the new one, never half of either.
    private func write(_ pack: QuestionPack, id: String) throws(PackStoreError) -> String {
        let bytes = Array(pack.prettyJSON().utf8)
        do { try AtomicFile.write(bytes, to: path(of: id), in: directory) } catch { throw .io(error.description) }
        let etag = Self.etag(of: bytes)
        if let stat = Self.fileStat(path(of: id)) {
            index.withLock {
                $0.entries[id] = Entry(id: id, pack: pack, etag: etag, size: stat.size, modified: stat.modified, searchText: Self.searchText(of: pack))
                $0.broken[id] = nil
            }
        }
        return etag
    }

    private static func check(_ ifMatch: String?, against current: String?) throws(PackStoreError) {
        guard let ifMatch else { return }
        let wanted = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if wanted.contains("*") {
            guard current != nil else { throw .versionMismatch(current: nil) }
            return
        }
        // Weak and strong forms name the same bytes here: each version is the bytes' own digest.
        let strong = wanted.map { $0.hasPrefix("W/") ? String($0.dropFirst(2)) : $0 }
        guard let current, strong.contains(current) else { throw .versionMismatch(current: current) }
    }

    // MARK: - Names and versions

    func path(of id: String) -> String { "\(directory)/\(id).json" }

    /// Ids are file names: lower-case letters, digits, `-` and `_`, 1 to 64 of them, starting with
    /// a letter or digit, so an id can never name a path outside the folder.
    static func isValidID(_ id: String) -> Bool {
        guard (1...64).contains(id.utf8.count), let first = id.utf8.first, isIDStart(first) else { return false }
        return id.utf8.allSatisfy { isIDStart($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    private static func isIDStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// "Pub Quiz: Round 2!" → `pub-quiz-round-2`; `-2`, `-3`, … when taken.
    private func freeID(for title: String) -> String {
        var slug = ""
        for scalar in TextNormalizer.fold(title).unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(56))
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "pack" }
        let taken = index.withLock { Set($0.entries.keys).union($0.broken.keys) }
        var id = slug, number = 2
        while taken.contains(id) || FileManager.default.fileExists(atPath: path(of: id)) {
            id = "\(slug)-\(number)"
            number += 1
        }
        return id
    }

    /// `"<first 32 hex digits of the bytes' SHA-256>"`, quoted as an HTTP entity tag.
    static func etag(of bytes: [UInt8]) -> String {
        "\"" + Secrets.sha256Hex(bytes).prefix(32) + "\""
    }

    static func searchText(of pack: QuestionPack) -> String {
        var parts = [pack.title, pack.description ?? ""]
        for round in pack.rounds {
            parts.append(round.title ?? "")
            for question in round.questions { parts += [question.category, question.text] }
        }
        return TextNormalizer.fold(parts.joined(separator: "\n"))
    }

    private static func modified(_ path: String) -> timespec? {
        var info = Glibc.stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mtim
    }

    private static func same(_ a: timespec?, _ b: timespec?) -> Bool {
        a?.tv_sec == b?.tv_sec && a?.tv_nsec == b?.tv_nsec
    }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return seconds(now)
    }

    private static func fileStat(_ path: String) -> (size: Int, modified: Double)? {
        var info = Glibc.stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Int(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}

extension PackStore {
    /// The pack called `name`, for `create`: unknown, or there but broken (`buzzer check` explains).
    package func pack(named name: String) throws(LibraryError) -> QuestionPack {
        if let entry = entry(name) { return entry.pack }
        if let problem = index.withLock({ $0.broken[name]?.problem }) { throw .invalidPack(name: name, problem) }
        throw .unknownPack(name)
    }

    /// No valid pack in the folder (or no folder): hosts can only upload.
    package var isEmpty: Bool { entries().isEmpty }
}

package enum LibraryError: DefinedError {
    case unknownPack(String)
    case invalidPack(name: String, String)

    package var isUnknown: Bool { if case .unknownPack = self { true } else { false } }

    /// As `create` refuses it: the words are `AppError`'s.
    package var definition: ErrorDefinition {
        switch self {
        case .unknownPack(let name): AppError.libraryPackNotFound(name: name).definition
        case .invalidPack(let name, let problem): AppError.libraryPackInvalid(name: name, problem: problem).definition
        }
    }
}

/// Why a library write was refused.
package enum PackStoreError: Error, Equatable {
    case notFound(String)
    case invalidID(String)
    /// `If-Match` named another version (`current`: the pack's version now; nil if it does not exist).
    case versionMismatch(current: String?)
    case io(String)
}
