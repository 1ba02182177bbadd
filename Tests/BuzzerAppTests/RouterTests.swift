@testable import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Synchronization
import Testing

/// The router without a socket: matching, 405 with `Allow`, the auth group's answer from the head
/// before any body is read, and where handlers run.
struct RouterTests {
    static func head(_ method: String, _ target: String, _ headers: [(String, String)] = []) throws -> HTTPRequestHead {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: x\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        var parser = HTTPRequestParser(config: .gameDefaults)
        guard case .complete(let head, _) = Array((text + "\r\n").utf8).withUnsafeBytes({ parser.parse($0) }) else {
            throw RawHTTP.Failure.unexpected("unparsed \(text)")
        }
        return head
    }

    static func router() -> Router<String> {
        var router = Router<String>(
            pool: WorkerPool(label: "test.router", workers: 1),
            fallback: { request, _ in HTTPResponse(status: 404, body: Array("no \(request.path)".utf8)).routeResponse },
            methodNotAllowed: { _, allowed in HTTPResponse(status: 405, headers: HTTPHeaders([("Allow", allowed.joined(separator: ", "))])) })
        router.get("/api/packs", on: .loop) { _, context in HTTPResponse(status: 200, body: Array("list \(context)".utf8)) }
        router.get("/api/packs/{id}", on: .pool) { request, _ in HTTPResponse(status: 200, body: Array("pack \(request[parameter: "id"])".utf8)) }
        router.group(auth: { $0.headers.first(name: "Authorization") == "Bearer ok" ? nil : HTTPResponse(status: 401) }) { group in
            group.on("POST", "/api/packs", on: .loop, bodyLimit: 100) { request, _ in HTTPResponse(status: 201, body: request.body) }
            group.on("DELETE", "/api/packs/{id}", on: .loop) { _, _ in HTTPResponse(status: 204) }
        }
        return router
    }

    /// Runs one request through the router and waits for its answer (from whichever queue).
    static func answer(_ router: Router<String>, _ head: HTTPRequestHead, body: [UInt8] = []) -> HTTPReply? {
        let reply = Mutex<HTTPReply?>(nil)
        router.respond(to: head, body: body, remoteAddress: "127.0.0.1", context: "ctx", reply: HTTPResponder { answer in reply.withLock { $0 = answer } })
        _ = eventually(timeout: 10) { reply.withLock { $0 != nil } }
        return reply.withLock { $0 }
    }

    @Test func patternsMatchWholeSegmentsAndNameTheirParameters() {
        let pattern = PathPattern("/api/rooms/{code}/results.csv")
        #expect(pattern.match(PathPattern.split("/api/rooms/AB12/results.csv")) == ["code": "AB12"])
        #expect(pattern.match(PathPattern.split("/api/rooms/AB12/results.json")) == nil)
        #expect(pattern.match(PathPattern.split("/api/rooms/A/B/results.csv")) == nil, "a parameter never spans a slash")
        #expect(PathPattern("/").match(PathPattern.split("/")) == [:])
        #expect(pattern.description == "/api/rooms/{code}/results.csv")
    }

    @Test func aRouteAnswersItsMethodAndHEADForGET() throws {
        let router = Self.router()
        let list = try #require(Self.answer(router, Self.head("GET", "/api/packs?page=2")))
        #expect(list.head.body == Array("list ctx".utf8), "the context comes with every call")
        let pack = try #require(Self.answer(router, Self.head("HEAD", "/api/packs/quiz")))
        #expect(pack.head.body == Array("pack quiz".utf8), "HEAD runs the GET route; the transport drops the body")
        #expect(try Self.answer(router, Self.head("GET", "/nowhere"))?.head.status == 404)
    }

    @Test func aMethodThePathDoesNotTakeIs405WithAllowFromTheHead() throws {
        let router = Self.router()
        let patch = try Self.head("PATCH", "/api/packs/quiz", [("Content-Length", "2")])
        guard case .answer(let refusal) = router.bodyDecision(for: patch) else {
            Issue.record("a wrong method is answered before its body is read")
            return
        }
        #expect(refusal.status == 405)
        #expect(refusal.headers.first(name: "Allow") == "GET, HEAD, DELETE")
        #expect(try Self.answer(router, Self.head("PUT", "/api/packs"))?.head.headers.first(name: "Allow") == "GET, HEAD, POST")
    }

    @Test func theAuthGroupRefusesFromTheHeadAndLetsTheTokenThrough() throws {
        let router = Self.router()
        let without = try Self.head("POST", "/api/packs", [("Content-Length", "50")])
        #expect(router.bodyDecision(for: without) == .answer(HTTPResponse(status: 401)))
        let with = try Self.head("POST", "/api/packs", [("Content-Length", "50"), ("Authorization", "Bearer ok")])
        #expect(router.bodyDecision(for: with) == .read(limit: 100))
        #expect(Self.answer(router, with, body: Array("body".utf8))?.head.body == Array("body".utf8))
        #expect(try router.bodyDecision(for: Self.head("DELETE", "/api/packs/x", [("Authorization", "Bearer ok")])) == .read(limit: 0))
        #expect(try Self.answer(router, Self.head("DELETE", "/api/packs/x"))?.head.status == 401, "checked again when it runs")
    }

    @Test func aLoopRouteAnswersBeforeRespondReturnsAndAPoolRouteOnAWorker() throws {
        let router = Self.router()
        let caller = pthread_self()
        let onLoop = Mutex<Bool?>(nil)
        router.respond(to: try Self.head("GET", "/api/packs"), body: [], remoteAddress: "", context: "", reply: HTTPResponder { _ in
            onLoop.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
        })
        #expect(onLoop.withLock { $0 } == true, "answered on the caller's thread, before respond returned")
        let onPool = Mutex<Bool?>(nil)
        router.respond(to: try Self.head("GET", "/api/packs/x"), body: [], remoteAddress: "", context: "", reply: HTTPResponder { _ in
            onPool.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
        })
        #expect(eventually(timeout: 10) { onPool.withLock { $0 } != nil })
        #expect(onPool.withLock { $0 } == false, "answered from a worker")
    }
}

/// The library index without a server: a new file is seen at the next look (the folder's time
/// moved), a file rewritten in place within `PackStore.rescanSeconds`, and reads never scan.
struct PackStoreRefreshTests {
    static func pack(_ title: String) -> String {
        #"{"title":""# + title + #"","questions":[{"kind":"truefalse","category":"Fun","text":"Yes?","answer":true}]}"#
    }

    @Test func seesFilesAddedAtOnceAndFilesEditedInPlaceWithinTheRescanTime() throws {
        let folder = ScratchFolder.make("buzzer-store", create: false)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = PackStore(directory: folder, limits: QuestionPackLimits())
        store.refreshIfStale()
        #expect(store.entries().isEmpty)
        try Data(Self.pack("First").utf8).write(to: URL(fileURLWithPath: folder + "/first.json"))
        #expect(store.entries().isEmpty, "a read alone never scans")
        store.refreshIfStale()
        #expect(store.entry("first")?.pack.title == "First", "a new file changes the folder's time: seen at the next look")
        // Rewritten in place: the folder's time stays; the file's own is seen by the next full scan.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/first.json"))
        try handle.write(contentsOf: Data(Self.pack("Later").utf8))
        try handle.close()
        #expect(eventually(timeout: 10) {
            store.refreshIfStale()
            return store.entry("first")?.pack.title == "Later"
        })
    }
}
