import BuzzerApp
import BuzzerTestSupport
import Foundation
import Testing

/// The question library's HTTP API over real sockets: paginated reads, token-guarded writes that
/// land atomically in the folder, versions, and every error status it documents. Questions and
/// answers need the edit token; without it the reads give what a host needs to pick a pack.
@Suite struct LibraryAPILiveTests {
    static let token = "test-edit-token-0123456789"

    /// A server on a fresh library folder holding copies of two sample packs.
    static func server() throws -> (LiveGameServer, folder: String) {
        let folder = ScratchFolder.make("buzzer-library", create: false)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["pub-classics", "science-and-nature"] {
            try FileManager.default.copyItem(atPath: LiveGameServer.packageRoot + "/questions/\(name).json", toPath: folder + "/\(name).json")
        }
        let server = try LiveGameServer {
            $0.rooms.libraryDirectory = folder
            $0.library.editToken = token
            $0.library.maxPackBytes = 64 * 1024
            $0.library.maxMediaBytes = 4096
        }
        return (server, folder)
    }

    struct Reply {
        var status: Int
        var head: String
        var body: String
        func header(_ name: String) -> String? {
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() { return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    }

    static func request(_ port: Int, _ method: String, _ path: String, body: String? = nil, token: String? = nil, headers: [String: String] = [:]) throws -> Reply {
        try request(port, method, path, bytes: body.map { Array($0.utf8) }, token: token, headers: headers)
    }

    static func request(_ port: Int, _ method: String, _ path: String, bytes body: [UInt8]?, token: String? = nil, headers: [String: String] = [:]) throws -> Reply {
        let client = try TestWebSocketClient(port: port)
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        if let token { lines.append("Authorization: Bearer \(token)") }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        let bytes = body ?? []
        if body != nil { lines.append("Content-Length: \(bytes.count)") }
        try client.sendRaw(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + bytes)
        let status = try client.readHTTPResponse()
        return Reply(status: status, head: client.handshakeResponse, body: try client.readToEOF())
    }

    static let newPack = #"{"title":"Café Quiz: Round 2!","questions":[{"kind":"truefalse","category":"Fun","text":"Espresso is coffee.","answer":true}]}"#

    @Test func listsArePagedSearchedAndFilteredAndBadPagingIsRefused() throws {
        let (server, _) = try Self.server()
        defer { server.stop() }
        let all = try Self.request(server.port, "GET", "/api/packs").json
        #expect(all["total"] as? Int == 2)
        #expect(all["page"] as? Int == 1)
        #expect(all["perPage"] as? Int == 20)
        let items = try #require(all["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["pub-classics", "science-and-nature"])
        #expect(items[0]["questionCount"] as? Int == 17)
        #expect((items[0]["categories"] as? [String])?.contains("Geography") == true)
        let second = try Self.request(server.port, "GET", "/api/packs?page=2&perPage=1").json
        #expect((second["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["science-and-nature"])
        #expect(second["total"] as? Int == 2)
        let search = try Self.request(server.port, "GET", "/api/packs?q=MOHS").json
        #expect(search["total"] as? Int == 1)
        let category = try Self.request(server.port, "GET", "/api/packs?category=geography").json
        #expect((category["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["pub-classics"])
        for bad in ["page=0", "perPage=101", "page=two", "perPage=-3"] {
            let refused = try Self.request(server.port, "GET", "/api/packs?\(bad)")
            #expect(refused.status == 400, "\(bad)")
            #expect((refused.json["error"] as? String)?.contains("must be a whole number") == true)
        }
    }

    @Test func aPackComesWithItsVersionAndQuestionsArePagedAcrossPacks() throws {
        let (server, _) = try Self.server()
        defer { server.stop() }
        let pack = try Self.request(server.port, "GET", "/api/packs/pub-classics", token: Self.token)
        #expect(pack.status == 200)
        let etag = try #require(pack.header("ETag"))
        #expect(pack.json["title"] as? String == "Pub Classics")
        #expect(try Self.request(server.port, "GET", "/api/packs/pub-classics", token: Self.token, headers: ["If-None-Match": etag]).status == 304)
        #expect(try Self.request(server.port, "GET", "/api/packs/nope").status == 404)
        #expect(try Self.request(server.port, "GET", "/api/packs/..%2Fconfig").status == 404)

        let questions = try Self.request(server.port, "GET", "/api/questions?perPage=3&kind=number", token: Self.token).json
        #expect(questions["total"] as? Int == 4)
        #expect((questions["items"] as? [Any])?.count == 3)
        let first = try #require((questions["items"] as? [[String: Any]])?.first)
        #expect(first["pack"] as? String != nil)
        #expect((first["question"] as? [String: Any])?["kind"] as? String == "number")
        #expect(try Self.request(server.port, "GET", "/api/questions?kind=essay", token: Self.token).status == 400)
        let search = try Self.request(server.port, "GET", "/api/questions?q=canada", token: Self.token).json
        #expect((search["total"] as? Int ?? 0) >= 1)
    }

    /// Every key anywhere in a JSON document.
    static func keys(_ value: Any) -> Set<String> {
        if let object = value as? [String: Any] { return object.reduce(into: Set(object.keys)) { $0.formUnion(keys($1.value)) } }
        if let array = value as? [Any] { return array.reduce(into: Set()) { $0.formUnion(keys($1)) } }
        return []
    }

    /// A pack with an explanation and a reveal picture, beside the samples.
    static let secretPack = #"{"title":"Secrets","questions":[{"kind":"text","category":"Art","text":"Who painted the Night Watch?","answer":["Rembrandt"],"#
        + #""explanation":"Rembrandt finished it in 1642.","revealMedia":{"image":"/media/"# + String(repeating: "a", count: 64) + #".png","alt":"The Night Watch"}}]}"#

    /// A player on the bar's Wi-Fi reads every read route without the token and gets no question,
    /// option, answer, explanation or reveal picture; a wrong token is refused; the editor, with
    /// the token, still gets the whole pack and the questions with their answers.
    @Test func noReadRouteGivesAnAnswerWithoutTheEditToken() throws {
        let (server, folder) = try Self.server()
        defer { server.stop() }
        try Data(Self.secretPack.utf8).write(to: URL(fileURLWithPath: folder + "/secrets.json"))
        let secrets = ["Night Watch", "Rembrandt", "1642", "/media/", "Canberra"]
        let forbidden: Set<String> = ["answer", "explanation", "revealMedia", "media", "options", "questions", "question", "text"]

        for path in ["/api/packs", "/api/packs?q=night", "/api/packs?category=art", "/api/packs/secrets", "/api/packs/pub-classics"] {
            let reply = try Self.request(server.port, "GET", path)
            #expect(reply.status == 200, "\(path)")
            let document = try JSONSerialization.jsonObject(with: Data(reply.body.utf8))
            #expect(Self.keys(document).isDisjoint(with: forbidden), "\(path): \(Self.keys(document).intersection(forbidden))")
            for secret in secrets { #expect(!reply.body.contains(secret), "\(path) gives away \(secret)") }
        }
        let summary = try Self.request(server.port, "GET", "/api/packs/secrets")
        #expect(summary.json["title"] as? String == "Secrets")
        #expect(summary.json["questionCount"] as? Int == 1)
        #expect(summary.json["categories"] as? [String] == ["Art"])
        #expect(summary.json["kinds"] as? [String] == ["text"])
        #expect(summary.header("Vary") == "Authorization")
        #expect(try Self.request(server.port, "HEAD", "/api/packs/secrets").status == 200)

        for path in ["/api/questions", "/api/questions?q=night", "/api/questions?kind=text"] {
            for token in [nil, "wrong-token-but-long-enough"] {
                let refused = try Self.request(server.port, "GET", path, token: token)
                #expect(refused.status == 401, "\(path) with \(token ?? "no token")")
                for secret in secrets { #expect(!refused.body.contains(secret)) }
            }
        }
        let wrong = try Self.request(server.port, "GET", "/api/packs/secrets", token: "wrong-token-but-long-enough")
        #expect(wrong.status == 401)
        #expect(!wrong.body.contains("Rembrandt"))

        let full = try Self.request(server.port, "GET", "/api/packs/secrets", token: Self.token)
        #expect(full.status == 200)
        #expect(full.header("ETag") != nil)
        for secret in ["Night Watch", "Rembrandt", "1642", "/media/"] { #expect(full.body.contains(secret), "the editor gets \(secret)") }
        let questions = try Self.request(server.port, "GET", "/api/questions?q=night", token: Self.token)
        #expect(questions.status == 200)
        #expect(questions.json["total"] as? Int == 1)
        #expect(Self.keys(questions.json).isSuperset(of: ["answer", "explanation", "revealMedia"]))
    }

    @Test func writesNeedTheTokenAndGetTheCheckersErrors() throws {
        let (server, folder) = try Self.server()
        defer { server.stop() }
        #expect(try Self.request(server.port, "POST", "/api/packs", body: Self.newPack).status == 401)
        let wrong = try Self.request(server.port, "POST", "/api/packs", body: Self.newPack, token: "wrong-token-but-long-enough")
        #expect(wrong.status == 401)
        #expect(wrong.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        let notJSON = try Self.request(server.port, "POST", "/api/packs", body: "{\"title\":", token: Self.token)
        #expect(notJSON.status == 400)
        #expect((notJSON.json["error"] as? String)?.contains("not JSON") == true)
        let invalid = try Self.request(server.port, "POST", "/api/packs", token: Self.token, headers: [:])
        #expect(invalid.status == 400, "an empty body")
        let broken = #"{"title":"X","questions":[{"kind":"choice","category":"C","text":"Q?","options":["A","a"],"answer":5}]}"#
        let refused = try Self.request(server.port, "POST", "/api/packs", body: broken, token: Self.token)
        #expect(refused.status == 422)
        let errors = try #require(refused.json["errors"] as? [[String: String]])
        #expect(errors.contains { $0["path"] == "questions[0].answer" })
        #expect(errors.contains { $0["path"]?.hasPrefix("questions[0].options") == true })
        let big = #"{"title":""# + String(repeating: "x", count: 70_000) + #""}"#
        #expect(try Self.request(server.port, "POST", "/api/packs", body: big, token: Self.token).status == 413)
        #expect(try Self.request(server.port, "PATCH", "/api/packs/pub-classics", body: "{}", token: Self.token).status == 405)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["pub-classics.json", "science-and-nature.json"], "a refused write changes nothing")
    }

    /// A write with no token or a wrong one is refused from its headers: the 401 comes at once,
    /// though the body it announces (within the route's limit) is never sent, so a stranger cannot
    /// make the server hold megabytes by starting uploads it will refuse anyway.
    @Test func aWriteWithoutTheTokenIsRefusedBeforeItsBodyIsRead() throws {
        let (server, folder) = try Self.server()
        defer { server.stop() }
        let writes = [("POST", "/api/media", 4000), ("POST", "/api/packs", 60_000), ("PUT", "/api/packs/pub-classics", 60_000),
                      ("DELETE", "/api/packs/pub-classics", 60_000), ("POST", "/api/import?format=csv", 60_000)]
        for (method, path, length) in writes {
            for authorization in [nil, "Bearer wrong-token-but-long-enough", "Basic dXNlcjpwYXNz"] {
                let client = try TestWebSocketClient(port: server.port)
                var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(length)\r\n"
                if let authorization { head += "Authorization: \(authorization)\r\n" }
                try client.sendRaw(Array((head + "\r\n").utf8))
                let what = "\(method) \(path) with \(authorization ?? "no token")"
                // Well inside `handshakeSeconds` (10 s), which a server waiting for the body would spend.
                #expect(try client.readHTTPResponse(timeout: 5) == 401, "\(what)")
                #expect(client.handshakeResponse.contains("WWW-Authenticate: Bearer"), "\(what)")
                #expect(client.waitForEOF(timeout: 5), "\(what): the connection closes, its unread body is not a request")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["pub-classics.json", "science-and-nature.json"])
    }

    @Test func createReplaceAndDeleteLandInTheFolderWithVersions() throws {
        let (server, folder) = try Self.server()
        defer { server.stop() }
        let created = try Self.request(server.port, "POST", "/api/packs", body: Self.newPack, token: Self.token)
        #expect(created.status == 201)
        #expect(created.json["id"] as? String == "cafe-quiz-round-2")
        #expect(created.header("Location") == "/api/packs/cafe-quiz-round-2")
        let file = folder + "/cafe-quiz-round-2.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\n"), "stored as pretty JSON, one line per field")
        #expect(try Self.request(server.port, "POST", "/api/packs", body: Self.newPack, token: Self.token).json["id"] as? String == "cafe-quiz-round-2-2")

        let version = try #require(created.header("ETag"))
        let edited = Self.newPack.replacingOccurrences(of: "Espresso", with: "A ristretto")
        let stale = try Self.request(server.port, "PUT", "/api/packs/cafe-quiz-round-2", body: edited, token: Self.token, headers: ["If-Match": "\"0000\""])
        #expect(stale.status == 412)
        #expect(stale.header("ETag") == version)
        let replaced = try Self.request(server.port, "PUT", "/api/packs/cafe-quiz-round-2", body: edited, token: Self.token, headers: ["If-Match": version])
        #expect(replaced.status == 200)
        #expect(replaced.header("ETag") != version)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("A ristretto"))
        #expect(try Self.request(server.port, "PUT", "/api/packs/Bad..Id", body: edited, token: Self.token).status == 400)

        #expect(try Self.request(server.port, "DELETE", "/api/packs/cafe-quiz-round-2", token: Self.token, headers: ["If-Match": version]).status == 412)
        #expect(try Self.request(server.port, "DELETE", "/api/packs/cafe-quiz-round-2", token: Self.token).status == 204)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try Self.request(server.port, "GET", "/api/packs/cafe-quiz-round-2").status == 404)
        #expect(try Self.request(server.port, "DELETE", "/api/packs/cafe-quiz-round-2", token: Self.token).status == 404)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left behind")
    }

    @Test func changesMadeByHandShowUpAndABrokenFileIsLeftOut() throws {
        let (server, folder) = try Self.server()
        defer { server.stop() }
        try Data(Self.newPack.utf8).write(to: URL(fileURLWithPath: folder + "/by-hand.json"))
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: folder + "/broken.json"))
        let ids = (try Self.request(server.port, "GET", "/api/packs").json["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["by-hand", "pub-classics", "science-and-nature"])
        try FileManager.default.removeItem(atPath: folder + "/pub-classics.json")
        #expect(try Self.request(server.port, "GET", "/api/packs").json["total"] as? Int == 2)
        // A host picking the broken file by name hears why.
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "broken", "token": LiveGameServer.editToken])
        let error = try host.next("error")
        #expect(error["code"] as? String == "invalid_pack")
    }

    /// A PNG as far as its signature goes, and bytes no library type starts with.
    static let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("not really a picture, but PNG by its signature".utf8)

    @Test func mediaIsUploadedByTypeServedForEverWithRangesAndCheckedInPacks() throws {
        let (server, _) = try Self.server()
        defer { server.stop() }
        #expect(try Self.request(server.port, "POST", "/api/media", bytes: Self.picture).status == 401)
        let refused = try Self.request(server.port, "POST", "/api/media", bytes: Array("GIF88 nope".utf8), token: Self.token)
        #expect(refused.status == 415)
        #expect((refused.json["error"] as? String)?.contains("PNG") == true)
        let uploaded = try Self.request(server.port, "POST", "/api/media", bytes: Self.picture, token: Self.token)
        #expect(uploaded.status == 201)
        let url = try #require(uploaded.json["url"] as? String)
        #expect(url.hasPrefix("/media/") && url.hasSuffix(".png"))
        #expect((uploaded.json["id"] as? String)?.count == 64)
        #expect(try Self.request(server.port, "POST", "/api/media", bytes: Self.picture, token: Self.token).status == 200, "the same bytes are stored once")
        let large = Self.picture + [UInt8](repeating: 0, count: 5000)
        #expect(try Self.request(server.port, "POST", "/api/media", bytes: large, token: Self.token).status == 413, "past library.maxMediaBytes")

        let served = try Self.request(server.port, "GET", url)
        #expect(served.status == 200)
        #expect(served.header("Content-Type") == "image/png")
        #expect(served.header("Cache-Control")?.contains("immutable") == true)
        let etag = try #require(served.header("ETag"))
        #expect(try Self.request(server.port, "GET", url, headers: ["If-None-Match": etag]).status == 304)
        let part = try Self.request(server.port, "GET", url, headers: ["Range": "bytes=1-3"])
        #expect(part.status == 206)
        #expect(part.body == "PNG")
        #expect(part.header("Content-Range") == "bytes 1-3/\(Self.picture.count)")
        let tail = try Self.request(server.port, "GET", url, headers: ["Range": "bytes=-7"])
        #expect(tail.body == "gnature")
        let beyond = try Self.request(server.port, "GET", url, headers: ["Range": "bytes=9999-"])
        #expect(beyond.status == 416)
        #expect(beyond.header("Content-Range") == "bytes */\(Self.picture.count)")
        let head = try Self.request(server.port, "HEAD", url)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("Content-Length") == "\(Self.picture.count)")
        #expect(try Self.request(server.port, "GET", "/media/" + String(repeating: "0", count: 64) + ".png").status == 404)

        let missing = "/media/" + String(repeating: "e", count: 64) + ".jpg"
        let pack = { (image: String) in #"{"title":"Pictures","questions":[{"kind":"text","category":"Art","text":"Who painted it?","answer":["Vermeer"],"media":{"image":""# + image + #"","alt":"A girl with a pearl earring"}}]}"# }
        let unknown = try Self.request(server.port, "POST", "/api/packs", body: pack(missing), token: Self.token)
        #expect(unknown.status == 422)
        #expect((unknown.json["errors"] as? [[String: String]])?.first?["path"] == "questions[0].media.image")
        #expect(try Self.request(server.port, "POST", "/api/packs", body: pack(url), token: Self.token).status == 201)
    }

    @Test func importConvertsCSVAndOpenTDBWithoutStoringAnything() throws {
        let (server, folder) = try Self.server()
        defer { server.stop() }
        let csv = "round,text,options,answer\nWarm-up,Capital of Canada?,Toronto|Ottawa,B\n"
        #expect(try Self.request(server.port, "POST", "/api/import?format=csv", body: csv).status == 401)
        let converted = try Self.request(server.port, "POST", "/api/import?format=csv&title=Sheet%20night", body: csv, token: Self.token)
        #expect(converted.status == 200)
        #expect(converted.json["title"] as? String == "Sheet night")
        #expect(((converted.json["rounds"] as? [[String: Any]])?.first?["questions"] as? [[String: Any]])?.first?["answer"] as? Int == 1)
        let badRow = try Self.request(server.port, "POST", "/api/import?format=csv", body: "text,options,answer\nQ?,A|B,Z\n", token: Self.token)
        #expect(badRow.status == 422)
        #expect((badRow.json["error"] as? String)?.contains("line 2") == true)
        let opentdb = #"{"response_code":0,"results":[{"category":"History","type":"boolean","difficulty":"easy","question":"Rome wasn&#039;t built in a day.","correct_answer":"True","incorrect_answers":["False"]}]}"#
        let trivia = try Self.request(server.port, "POST", "/api/import?format=opentdb", body: opentdb, token: Self.token)
        #expect(trivia.status == 200)
        #expect(trivia.body.contains("Rome wasn't built in a day."))
        #expect(try Self.request(server.port, "POST", "/api/import?format=xlsx", body: "x", token: Self.token).status == 400)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2, "nothing was stored")
    }

    /// As Jupyter does: with no token in config.json, `buzzer serve` makes one and keeps it in a file
    /// beside the log. Issue 28: it printed the token on stdout, which under systemd is the journal
    /// (read by the `adm` and `systemd-journal` groups). Without a terminal the links now say where
    /// the token is (mode 0600) instead; on a terminal they carry it (`StartupLinksTests`).
    @Test func serveWithoutATerminalNamesTheTokensFileInsteadOfPrintingIt() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder(editToken: nil)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        let output = server.readOutput { $0.split(separator: "\n").contains { $0.hasPrefix("edit the question library at http://") } }
        let archive = try #require(arguments.firstIndex(of: "--archive").map { arguments[$0 + 1] })
        let file = archive + "/edit-token"
        let token = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 32)
        #expect(!output.contains(token), "the token stays out of stdout and the log: \(output)")
        let host = try #require(output.split(separator: "\n").first { $0.hasPrefix("host the night at http://") })
        #expect(host.contains("/host#token=… with the edit token from \(file)"), "\(host)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let media = try Self.request(server.port, "POST", "/api/media", bytes: Self.picture, token: token)
        #expect(media.status == 201, "the kept token is the server's")
        #expect(try Self.request(server.port, "POST", "/api/media", bytes: Self.picture, token: token + "x").status == 401)
    }

    /// Yesterday's editor link still works today: the token is kept beside the log until
    /// `buzzer edit-token --rotate` replaces it. The host console's address is printed first.
    @Test func theEditTokenSurvivesARestartUntilItIsRotated() throws {
        let (directory, arguments) = try CrashRecoveryTests.serverFolder(editToken: nil)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let archive = try #require(arguments.firstIndex(of: "--archive").map { arguments[$0 + 1] })
        func printed(_ server: ServerProcess) throws -> (host: String, token: String) {
            // The edit line comes second; the token is in the file the host line names.
            let output = server.readOutput { $0.split(separator: "\n").contains { $0.hasPrefix("edit the question library at ") } }
            let lines = output.split(separator: "\n")
            let host = try #require(lines.first { $0.hasPrefix("host the night at ") })
            let edit = try #require(lines.first { $0.hasPrefix("edit the question library at http://") })
            #expect(lines.firstIndex(of: host)! < lines.firstIndex(of: edit)!, "the host console comes first")
            let token = try String(contentsOfFile: archive + "/edit-token", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!output.contains(token))
            return (String(host), token)
        }
        var server = try ServerProcess(arguments: arguments)
        let first = try printed(server)
        // Hosting a library pack needs the same token, so the host line says where it is.
        #expect(first.host.contains("/host#token=… with the edit token from \(archive)/edit-token"))
        server.stop()
        server = try ServerProcess(arguments: arguments)
        #expect(try printed(server).token == first.token)
        server.stop()

        let config = try #require(arguments.firstIndex(of: "--config").map { arguments[$0 + 1] })
        let shown = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), ["edit-token", "--config", config, "--archive", archive], timeout: 30)
        #expect(shown.output.contains(first.token))
        let rotated = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath), ["edit-token", "--config", config, "--archive", archive, "--rotate"], timeout: 30)
        #expect(rotated.status == 0)
        server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        let after = try printed(server).token
        #expect(after != first.token)
        #expect(try Self.request(server.port, "POST", "/api/media", bytes: Self.picture, token: first.token).status == 401)
        #expect(try Self.request(server.port, "POST", "/api/media", bytes: Self.picture, token: after).status == 201)
    }
}
