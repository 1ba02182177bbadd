import BuzzerTransport
import BuzzerWebSocket
import Dispatch

/// The app's HTTP routes (hummingbird's `Router` and `RouterGroup` are the model): each route is a
/// method, a path pattern and one handler, and says where the handler runs; groups share an auth
/// check made on the request's head alone. The transport below knows none of this: it hands every
/// plain request to the service, which hands it here.
///
/// `Context` is what handlers get besides the request (the service); routes hold no reference to
/// it, so the router and its service do not keep each other alive.
struct Router<Context: Sendable>: Sendable {
    typealias Handler = @Sendable (HTTPRequest, Context) -> RouteResponse
    /// nil lets the request through; else the answer to send instead (a 401), before any body is read.
    typealias Auth = @Sendable (HTTPRequestHead) -> HTTPResponse?
    /// Admission, asked on the connection's loop before the handler is queued (so it must answer
    /// from memory): a rate limit or a bound on concurrent work refuses here, at once, instead of
    /// joining a queue. `release` runs after the handler has answered.
    typealias Gate = @Sendable (HTTPRequest, Context) -> GateDecision

    enum GateDecision: Sendable {
        case pass(release: (@Sendable () -> Void)?)
        case refuse(HTTPResponse)
    }

    /// Where a handler runs. Only answers made from memory may run on the connection's loop.
    enum Execution: Sendable {
        /// At once on the connection's loop: for answers from memory (no file, no `stat`, no scan).
        case loop
        /// On the router's `WorkerPool`: anything that touches the disk.
        case pool
        /// On one serial queue, in arrival order: the library's writes, each ending in an fsync.
        case serial(DispatchQueue)
    }

    struct Route: Sendable {
        let method: String
        let pattern: PathPattern
        let execution: Execution
        /// Body bytes the route takes (`Content-Length`); 0 for none.
        let bodyLimit: Int
        let auth: Auth?
        var gate: Gate? = nil
        let handler: Handler
    }

    /// Routes sharing an auth check: every one refuses a request its `auth` refuses, from the head.
    struct Group {
        let auth: Auth
        fileprivate(set) var routes: [Route] = []

        mutating func on<R: RouteResponseConvertible>(
            _ method: String, _ pattern: String, on execution: Execution, bodyLimit: Int = 0,
            _ handler: @escaping @Sendable (HTTPRequest, Context) -> R
        ) {
            routes.append(Route(method: method, pattern: PathPattern(pattern), execution: execution, bodyLimit: bodyLimit, auth: auth) {
                handler($0, $1).routeResponse
            })
        }
    }

    private(set) var routes: [Route] = []
    let pool: WorkerPool
    /// The answer to a path no route has (the web pages, then 404). It runs on the loop, so it
    /// must answer from memory.
    let fallback: Handler
    /// The 405 for a path whose routes take other methods, with their `Allow` list.
    let methodNotAllowed: @Sendable (HTTPRequestHead, _ allowed: [String]) -> HTTPResponse

    init(
        pool: WorkerPool, fallback: @escaping Handler,
        methodNotAllowed: @escaping @Sendable (HTTPRequestHead, [String]) -> HTTPResponse
    ) {
        self.pool = pool
        self.fallback = fallback
        self.methodNotAllowed = methodNotAllowed
    }

    // MARK: - Building

    /// Adds a route. GET routes answer HEAD too (the transport drops the body).
    mutating func on<R: RouteResponseConvertible>(
        _ method: String, _ pattern: String, on execution: Execution, bodyLimit: Int = 0, gate: Gate? = nil,
        _ handler: @escaping @Sendable (HTTPRequest, Context) -> R
    ) {
        routes.append(Route(method: method, pattern: PathPattern(pattern), execution: execution, bodyLimit: bodyLimit, auth: nil, gate: gate) {
            handler($0, $1).routeResponse
        })
    }

    mutating func get<R: RouteResponseConvertible>(
        _ pattern: String, on execution: Execution, gate: Gate? = nil, _ handler: @escaping @Sendable (HTTPRequest, Context) -> R
    ) {
        on("GET", pattern, on: execution, gate: gate, handler)
    }

    /// Routes behind `auth`, added by `build`.
    mutating func group(auth: @escaping Auth, _ build: (inout Group) -> Void) {
        var group = Group(auth: auth)
        build(&group)
        routes += group.routes
    }

    // MARK: - Serving

    enum Match {
        case route(Route, parameters: [String: String])
        /// The path is a route's, the method is not: these are.
        case wrongMethod(allowed: [String])
        case none
    }

    func match(method: String, path: String) -> Match {
        let parts = PathPattern.split(path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.pattern.match(parts) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .route(route, parameters: parameters)
            }
            if !allowed.contains(route.method) {
                allowed.append(route.method)
                if route.method == "GET" { allowed.append("HEAD") }
            }
        }
        return allowed.isEmpty ? .none : .wrongMethod(allowed: allowed)
    }

    /// The transport's question for a request with a body, from its head alone: the route's limit,
    /// or the answer (401, 405) to send without reading a byte of the body.
    func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision {
        switch match(method: head.method, path: head.path) {
        case .route(let route, _):
            if let refusal = route.auth?(head) { return .answer(refusal) }
            return .read(limit: route.bodyLimit)
        case .wrongMethod(let allowed):
            return .answer(methodNotAllowed(head, allowed))
        case .none:
            return .answer(methodNotAllowed(head, ["GET", "HEAD"]))
        }
    }

    /// Finds the route and runs its handler where the route says; the answer goes back through
    /// `reply`, which hops to the connection's loop by itself.
    func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, context: Context, reply: HTTPResponder) {
        switch match(method: head.method, path: head.path) {
        case .route(let route, let parameters):
            if let refusal = route.auth?(head) {
                reply(refusal)
                return
            }
            let request = HTTPRequest(head: head, body: body, remoteAddress: remoteAddress, parameters: parameters)
            var release: (@Sendable () -> Void)?
            if let gate = route.gate {
                switch gate(request, context) {
                case .refuse(let refusal):
                    reply(refusal)
                    return
                case .pass(let after):
                    release = after
                }
            }
            let handler = route.handler
            let work: @Sendable () -> Void = { [release] in
                let response = handler(request, context)
                release?()
                response.send(through: reply)
            }
            switch route.execution {
            case .loop: work()
            case .pool: pool.run(work)
            case .serial(let queue): queue.async(execute: work)
            }
        case .wrongMethod(let allowed):
            reply(methodNotAllowed(head, allowed))
        case .none:
            guard head.method == "GET" || head.method == "HEAD" else {
                reply(methodNotAllowed(head, ["GET", "HEAD"]))
                return
            }
            fallback(HTTPRequest(head: head, body: body, remoteAddress: remoteAddress, parameters: [:]), context).send(through: reply)
        }
    }
}

/// A handler's answer: whole, or a head and a body the transport pulls in pieces as the socket drains.
enum RouteResponse: Sendable {
    case whole(HTTPResponse)
    case streamed(HTTPResponse, body: any HTTPBodySource)
    /// A whole response held back (a wrong join code's growing delay); the connection reads no
    /// further request meanwhile, and no loop or worker waits for it.
    case delayed(HTTPResponse, milliseconds: Int)

    func send(through reply: HTTPResponder) {
        switch self {
        case .whole(let response): reply(response)
        case .streamed(let head, let body): reply.stream(head, body: body)
        case .delayed(let response, let milliseconds) where milliseconds > 0:
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { reply(response) }
        case .delayed(let response, _): reply(response)
        }
    }
}

/// What a handler may return: an `HTTPResponse`, or a `RouteResponse` when it may stream.
protocol RouteResponseConvertible: SendableMetatype {
    var routeResponse: RouteResponse { get }
}

extension RouteResponse: RouteResponseConvertible {
    var routeResponse: RouteResponse { self }
}

extension HTTPResponse: RouteResponseConvertible {
    var routeResponse: RouteResponse { .whole(self) }
}
